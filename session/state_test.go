package session_test

import (
	"context"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/session"
)

// keyEnv is an environment that holds a state key (or none for "").
func keyEnv(key string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		if name == session.StateKeyEnv && key != "" {
			return key, true
		}
		return "", false
	}
}

const (
	key1 = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
	key2 = "ff0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
)

// aState is a state with secrets in every field that matters.
func aState() *browser.State {
	return &browser.State{
		Cookies: []browser.Cookie{{Name: "sid", Value: "cookie-secret-value", Domain: "shop.test", Path: "/", Expires: -1, HTTPOnly: true}},
		Origins: []browser.OriginStorage{{Origin: "https://shop.test", LocalStorage: []browser.StorageItem{{Name: "token", Value: "storage-secret-value"}}}},
	}
}

var _ = Describe("state files", func() {
	var dir string
	BeforeEach(func() { dir = GinkgoT().TempDir() })

	It("are written plain without a key, with a warning, for their owner alone", func() {
		path := filepath.Join(dir, "plain.json")
		warn, err := session.WriteState(path, aState(), keyEnv(""))
		Expect(err).NotTo(HaveOccurred())
		Expect(warn).To(ContainSubstring("is not sealed"))
		Expect(warn).To(ContainSubstring(session.StateKeyEnv))
		st, err := os.Stat(path)
		Expect(err).NotTo(HaveOccurred())
		Expect(st.Mode().Perm()).To(Equal(os.FileMode(0o600)))
		Expect(os.ReadFile(path)).To(ContainSubstring("cookie-secret-value"), "plain: the control for the sealed file")
		back, err := session.ReadState(path, keyEnv(""))
		Expect(err).NotTo(HaveOccurred())
		Expect(back).To(Equal(aState()))
	})

	It("are sealed with a key: no secret shows, each time with another nonce, and they read back", func() {
		path := filepath.Join(dir, "sealed.json")
		warn, err := session.WriteState(path, aState(), keyEnv(key1))
		Expect(err).NotTo(HaveOccurred())
		Expect(warn).To(BeEmpty())
		first, err := os.ReadFile(path)
		Expect(err).NotTo(HaveOccurred())
		for _, secret := range []string{"cookie-secret-value", "storage-secret-value", "shop.test", "sid"} {
			Expect(string(first)).NotTo(ContainSubstring(secret))
		}
		st, err := os.Stat(path)
		Expect(err).NotTo(HaveOccurred())
		Expect(st.Mode().Perm()).To(Equal(os.FileMode(0o600)))
		_, err = session.WriteState(path, aState(), keyEnv(key1))
		Expect(err).NotTo(HaveOccurred())
		Expect(os.ReadFile(path)).NotTo(Equal(first))
		back, err := session.ReadState(path, keyEnv(key1))
		Expect(err).NotTo(HaveOccurred())
		Expect(back).To(Equal(aState()))
	})

	It("refuse a sealed file that was changed, one read with another key or none, and a plain one when a key is set", func() {
		path := filepath.Join(dir, "sealed.json")
		_, err := session.WriteState(path, aState(), keyEnv(key1))
		Expect(err).NotTo(HaveOccurred())
		_, err = session.ReadState(path, keyEnv(key2))
		Expect(err).To(MatchError(ContainSubstring("it was sealed with another key than SMOKEFLOW_STATE_KEY: refused")))
		_, err = session.ReadState(path, keyEnv(""))
		Expect(err).To(MatchError(ContainSubstring("it is sealed: set SMOKEFLOW_STATE_KEY")))

		src, err := os.ReadFile(path)
		Expect(err).NotTo(HaveOccurred())
		// one letter of the sealed data, changed
		i := strings.Index(string(src), `"data": "`) + len(`"data": "`) + 10
		tampered := []byte(string(src))
		tampered[i] = map[bool]byte{true: 'B', false: 'A'}[tampered[i] == 'A']
		Expect(os.WriteFile(path, tampered, 0o600)).To(Succeed())
		_, err = session.ReadState(path, keyEnv(key1))
		Expect(err).To(MatchError(ContainSubstring("it was changed since it was sealed: refused")))
		var se *session.StateError
		Expect(err).To(BeAssignableToTypeOf(se))

		plain := filepath.Join(dir, "plain.json")
		_, err = session.WriteState(plain, aState(), keyEnv(""))
		Expect(err).NotTo(HaveOccurred())
		_, err = session.ReadState(plain, keyEnv(key1))
		Expect(err).To(MatchError(ContainSubstring("it is not sealed, and SMOKEFLOW_STATE_KEY is set: refused")))
	})

	It("take a key in base64 too, and refuse one that is not 32 bytes", func() {
		path := filepath.Join(dir, "b64.json")
		_, err := session.WriteState(path, aState(), keyEnv("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="))
		Expect(err).NotTo(HaveOccurred())
		_, err = session.ReadState(path, keyEnv(key1))
		Expect(err).NotTo(HaveOccurred(), "the same 32 bytes as key1")
		_, err = session.WriteState(path, aState(), keyEnv("too-short"))
		Expect(err).To(MatchError(ContainSubstring("SMOKEFLOW_STATE_KEY must be 32 bytes")))
	})

	It("refuse what is not a state", func() {
		path := filepath.Join(dir, "other.json")
		Expect(os.WriteFile(path, []byte(`{"name": "x"}`), 0o600)).To(Succeed())
		_, err := session.ReadState(path, keyEnv(""))
		Expect(err).To(MatchError(ContainSubstring("it is not a saved state")))
	})
})

var _ = Describe("a session's saved state", func() {
	var a *httptest.Server
	var cross string
	BeforeEach(func() {
		a = originA("http://127.0.0.1:9")
		DeferCleanup(a.Close)
		_, port, _ := net.SplitHostPort(a.Listener.Addr().String())
		cross = "http://localhost:" + port
	})

	openIn := func(lookup func(string) (string, bool), o browser.ContextOptions) *session.Session {
		GinkgoHelper()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		bctx, err := shared.NewContextWith(ctx, o)
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(func() { _ = bctx.Close() })
		s, err := session.Open(ctx, bctx, session.Options{ArtifactsDir: GinkgoT().TempDir(), StepTimeout: 5 * time.Second, LookupEnv: lookup})
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(func() { _ = s.Close() })
		return s
	}
	open := func(lookup func(string) (string, bool)) *session.Session {
		GinkgoHelper()
		return openIn(lookup, browser.ContextOptions{})
	}
	seen := func(s *session.Session, base string) {
		GinkgoHelper()
		do(s, "open: "+base+"/show.html")
		do(s, "expect: { text: { css: \"#seen\" }, contains: \"ls=ls-"+hostname(base)+"-secret\" }")
		do(s, "expect: { text: { css: \"#seen\" }, contains: \"js=js-"+hostname(base)+"-secret\" }")
		do(s, "open: "+base+"/cookies")
		do(s, "expect: { visible: { text: \"sid=http-"+hostname(base)+"-secret\" } }")
	}

	It("holds the cookies of every domain and the localStorage of every origin visited, sealed, and another session starts from it", func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		s := open(keyEnv(key1))
		do(s, "open: "+a.URL+"/state.html")
		do(s, "open: "+cross+"/state.html")
		path := filepath.Join(GinkgoT().TempDir(), "state.json")
		saved, err := s.SaveState(ctx, path)
		Expect(err).NotTo(HaveOccurred())
		Expect(saved.Sealed).To(BeTrue())
		Expect(saved.Cookies).To(Equal(4), "sid and js, of both hosts: the page is on one of them only")
		Expect(saved.Origins).To(Equal(2))
		Expect(os.ReadFile(path)).NotTo(ContainSubstring("secret"))

		t := open(keyEnv(key1))
		notes, err := t.LoadState(ctx, path)
		Expect(err).NotTo(HaveOccurred())
		Expect(notes).To(BeEmpty())
		seen(t, a.URL)
		seen(t, cross)
	})

	It("is read and put back behind allowed domains, leaving out the origins they block", func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		_, port, _ := net.SplitHostPort(a.Listener.Addr().String())
		both, err := flows.ParseDomains([]string{"127.0.0.1:" + port, "localhost:" + port})
		Expect(err).NotTo(HaveOccurred())
		one, err := flows.ParseDomains([]string{"127.0.0.1:" + port})
		Expect(err).NotTo(HaveOccurred())
		s := openIn(keyEnv(""), browser.ContextOptions{AllowedDomains: both})
		do(s, "open: "+a.URL+"/state.html")
		do(s, "open: "+cross+"/state.html")
		st, err := s.State(ctx)
		Expect(err).NotTo(HaveOccurred())
		Expect(st.Origins).To(HaveLen(2))

		path := filepath.Join(GinkgoT().TempDir(), "state.json")
		_, err = session.WriteState(path, st, keyEnv(""))
		Expect(err).NotTo(HaveOccurred())
		t := openIn(keyEnv(""), browser.ContextOptions{AllowedDomains: one})
		notes, err := t.LoadState(ctx, path)
		Expect(err).NotTo(HaveOccurred())
		Expect(notes).To(ConsistOf("the saved localStorage of " + cross + " was left out: not in the allowed domains"))
		seen(t, a.URL)
	})

	It("starts empty without one (the control)", func() {
		t := open(keyEnv(""))
		do(t, "open: "+a.URL+"/show.html")
		do(t, "expect: { text: { css: \"#seen\" }, equals: \"ls=null cookie=\" }")
	})
})

func hostname(base string) string {
	h, _, _ := net.SplitHostPort(strings.TrimPrefix(base, "http://"))
	return h
}
