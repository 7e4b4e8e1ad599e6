// Package pgtest starts a throwaway PostgreSQL cluster for tests: initdb
// in a temporary folder, a free port on 127.0.0.1 and the unix socket in
// that folder, stopped and removed by Stop (docs/testing.md "Stores").
// `make postgres` installs the server when it is missing.
package pgtest

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// MissingMessage is what a test says when the server is not installed:
// the Postgres specs fail with it, never skip.
const MissingMessage = "PostgreSQL's initdb is not in /usr/lib/postgresql/*/bin: run `make postgres` to install it from the distribution"

// Cluster is a running throwaway cluster.
type Cluster struct {
	dir, bin string
	Port     int
}

// BinDir is the newest /usr/lib/postgresql/N/bin holding initdb, or "".
func BinDir() string {
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	sort.Slice(found, func(i, j int) bool { return version(found[i]) > version(found[j]) })
	if len(found) == 0 {
		return ""
	}
	return filepath.Dir(found[0])
}

func version(initdb string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(initdb))))
	return n
}

// Start initialises and starts a cluster. As root, the server runs as
// the postgres user, which PostgreSQL requires.
func Start() (*Cluster, error) {
	bin := BinDir()
	if bin == "" {
		return nil, errors.New(MissingMessage)
	}
	dir, err := os.MkdirTemp("", "smokeflow-pg-")
	if err != nil {
		return nil, err
	}
	c := &Cluster{dir: dir, bin: bin}
	if err := c.start(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return c, nil
}

// start runs initdb and pg_ctl start.
func (c *Cluster) start() error {
	if err := c.ownDir(); err != nil {
		return err
	}
	port, err := FreePort()
	if err != nil {
		return err
	}
	c.Port = port
	if out, err := c.run("initdb", "-D", c.data(), "-A", "trust", "-U", "postgres", "--no-sync"); err != nil {
		return fmt.Errorf("initdb: %v: %s", err, out)
	}
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off", port, c.dir)
	if out, err := c.run("pg_ctl", "start", "-w", "-D", c.data(), "-l", filepath.Join(c.dir, "log"), "-o", opts); err != nil {
		log, _ := os.ReadFile(filepath.Join(c.dir, "log"))
		return fmt.Errorf("pg_ctl start: %v: %s%s", err, out, log)
	}
	return nil
}

func (c *Cluster) data() string { return filepath.Join(c.dir, "data") }

// ownDir gives the folder to the postgres user when running as root.
func (c *Cluster) ownDir() error {
	if os.Getuid() != 0 {
		return nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return fmt.Errorf("running as root, PostgreSQL needs the postgres user: %v (run `make postgres`)", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return os.Chown(c.dir, uid, gid)
}

// run runs one of the server's programs, as postgres when root.
func (c *Cluster) run(prog string, args ...string) ([]byte, error) {
	path := filepath.Join(c.bin, prog)
	var cmd *exec.Cmd
	if os.Getuid() == 0 {
		cmd = exec.Command("runuser", append([]string{"-u", "postgres", "--", path}, args...)...)
	} else {
		cmd = exec.Command(path, args...)
	}
	cmd.Dir = c.dir
	return cmd.CombinedOutput()
}

// URL is a postgres:// URL of a new database named name.
func (c *Cluster) URL(name string) (string, error) {
	if out, err := c.run("createdb", "-h", c.dir, "-p", strconv.Itoa(c.Port), "-U", "postgres", name); err != nil {
		return "", fmt.Errorf("createdb %s: %v: %s", name, err, strings.TrimSpace(string(out)))
	}
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", c.Port, name), nil
}

// Stop stops the server at once and removes its folder.
func (c *Cluster) Stop() error {
	out, err := c.run("pg_ctl", "stop", "-m", "immediate", "-w", "-D", c.data())
	if rmErr := os.RemoveAll(c.dir); err == nil {
		err = rmErr
	} else {
		err = fmt.Errorf("pg_ctl stop: %v: %s", err, out)
	}
	return err
}

// FreePort is a TCP port on 127.0.0.1 that nothing listens on now.
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
