package main

import (
	"bufio"
	"net/url"
	"os"
	"strconv"
	"strings"

	"github.com/smokeflow/smokeflow/flows"
)

// lookupEnv reads the process environment, then the --env-file.
func lookupEnv(envFile string) (func(string) (string, bool), error) {
	if envFile == "" {
		return os.LookupEnv, nil
	}
	f, err := os.Open(envFile)
	if err != nil {
		return nil, usagef("--env-file: %v", err)
	}
	defer f.Close()
	vals := map[string]string{}
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		t = strings.TrimPrefix(t, "export ")
		k, v, ok := strings.Cut(t, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, usagef("%s:%d: want KEY=VALUE", envFile, line)
		}
		v = strings.TrimSpace(v)
		if len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '\'' && v[len(v)-1] == '\'') {
			if v[0] == '"' {
				if u, err := strconv.Unquote(v); err == nil {
					v = u
				} else {
					v = v[1 : len(v)-1]
				}
			} else {
				v = v[1 : len(v)-1]
			}
		}
		vals[strings.TrimSpace(k)] = v
	}
	if err := sc.Err(); err != nil {
		return nil, usagef("--env-file: %v", err)
	}
	return func(k string) (string, bool) {
		if v, ok := os.LookupEnv(k); ok {
			return v, true
		}
		v, ok := vals[k]
		return v, ok
	}, nil
}

func parseVars(vars []string) (map[string]string, error) {
	out := map[string]string{}
	for _, kv := range vars {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, usagef("--var %q: want K=V", kv)
		}
		out[k] = v
	}
	return out, nil
}

// checkBaseURLFlag checks --base-url: an absolute http:// or https:// URL
// (docs/flows.md "URLs").
func checkBaseURLFlag(u string) error {
	if u == "" {
		return nil
	}
	if err := flows.CheckBaseURL(u); err != nil {
		return usagef("--base-url %v", err)
	}
	return nil
}

// checkCompareTo checks --compare-to: an absolute http:// or https:// URL
// that is not the --base-url (docs/running.md "Was it this deploy?").
func checkCompareTo(u, base string) error {
	if u == "" {
		return nil
	}
	p, err := url.Parse(u)
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
		return usagef("--compare-to %q is not an http:// or https:// URL: give the other deploy's address with its scheme, such as --compare-to https://www.example.com", u)
	}
	if base != "" && strings.TrimRight(u, "/") == strings.TrimRight(base, "/") {
		return usagef("--compare-to %s is the --base-url itself: give the other deploy's address (the previous release, production)", u)
	}
	return nil
}
