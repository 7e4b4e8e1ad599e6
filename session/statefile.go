package session

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/smokeflow/smokeflow/browser"
)

// State files (docs/security.md "Saved state"): a browser.State as JSON,
// written with mode 0600. With a key (StateKeyEnv) the JSON is sealed with
// AES-256-GCM under a fresh random nonce each time, in an envelope that
// names the key by a short fingerprint; a file that was changed, or
// sealed with another key, is refused. With a key set, a plain file is
// refused too: anyone who can write the file could otherwise put cookies
// of their choosing in it.

// StateKeyEnv is the environment variable that holds the key of sealed
// state files: 32 bytes, as 64 hex digits or in base64.
const StateKeyEnv = "SMOKEFLOW_STATE_KEY"

// sealedFormat names the envelope of a sealed state file.
const sealedFormat = "smokeflow-state/aes-256-gcm/v1"

// sealed is the envelope of a sealed state file.
type sealed struct {
	Format string `json:"format"`
	Key    string `json:"key"`   // the key's fingerprint (keyID)
	Nonce  string `json:"nonce"` // base64
	Data   string `json:"data"`  // base64 of the sealed JSON
}

// StateError is a state file that cannot be used: unreadable, not a
// state, changed since it was sealed, sealed with another key, or a key
// that is not one.
type StateError struct {
	Path string
	Msg  string
	Err  error
}

func (e *StateError) Error() string {
	s := "state file " + e.Path + ": " + e.Msg
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *StateError) Unwrap() error { return e.Err }

// stateKey reads the key from the environment: nil when it is not set.
func stateKey(lookup func(string) (string, bool)) ([]byte, error) {
	v, ok := lookup(StateKeyEnv)
	v = strings.TrimSpace(v)
	if !ok || v == "" {
		return nil, nil
	}
	if k, err := hex.DecodeString(v); err == nil && len(k) == 32 {
		return k, nil
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding} {
		if k, err := enc.DecodeString(v); err == nil && len(k) == 32 {
			return k, nil
		}
	}
	return nil, fmt.Errorf("%s must be 32 bytes, written as 64 hex digits or in base64 (such as the output of `openssl rand -hex 32`)", StateKeyEnv)
}

// keyID is a short fingerprint of a key, to tell a wrong key from a
// changed file.
func keyID(key []byte) string {
	h := sha256.Sum256(append([]byte("smokeflow state key id\x00"), key...))
	return hex.EncodeToString(h[:6])
}

// WriteState writes st to path with mode 0600, sealed when the
// environment (lookup; nil: os.LookupEnv) holds a key. Without one the
// file is written plain, and the warning returned says so.
func WriteState(path string, st *browser.State, lookup func(string) (string, bool)) (warning string, err error) {
	if lookup == nil {
		lookup = os.LookupEnv
	}
	key, err := stateKey(lookup)
	if err != nil {
		return "", &StateError{Path: path, Msg: "cannot seal it", Err: err}
	}
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return "", err
	}
	if key == nil {
		warning = fmt.Sprintf("the state file %s is not sealed: its cookies and storage are plain text; set %s to seal it", path, StateKeyEnv)
	} else if data, err = seal(key, data); err != nil {
		return "", &StateError{Path: path, Msg: "cannot seal it", Err: err}
	}
	return warning, writePrivate(path, append(data, '\n'))
}

func seal(key, plain []byte) ([]byte, error) {
	gcm, err := newGCM(key)
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, gcm.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	out := gcm.Seal(nil, nonce, plain, []byte(sealedFormat))
	return json.MarshalIndent(sealed{Format: sealedFormat, Key: keyID(key), Nonce: base64.StdEncoding.EncodeToString(nonce),
		Data: base64.StdEncoding.EncodeToString(out)}, "", "  ")
}

func newGCM(key []byte) (cipher.AEAD, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// writePrivate writes a file that only its owner may read, whole or not
// at all (a temporary file renamed over it).
func writePrivate(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".smokeflow-state-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	_, werr := tmp.Write(data)
	err = errors.Join(werr, tmp.Chmod(0o600), tmp.Close())
	if err == nil {
		err = os.Rename(name, path)
	}
	if err != nil {
		_ = os.Remove(name) // the write's error says what went wrong
	}
	return err
}

// ReadState reads a state file: a sealed one with the key of the
// environment (lookup; nil: os.LookupEnv), a plain one only when no key
// is set. Every refusal is a *StateError that says why.
func ReadState(path string, lookup func(string) (string, bool)) (*browser.State, error) {
	if lookup == nil {
		lookup = os.LookupEnv
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &StateError{Path: path, Msg: "cannot read it", Err: err}
	}
	key, err := stateKey(lookup)
	if err != nil {
		return nil, &StateError{Path: path, Msg: "cannot open it", Err: err}
	}
	var env sealed
	isSealed := json.Unmarshal(data, &env) == nil && env.Format != ""
	switch {
	case isSealed && env.Format != sealedFormat:
		return nil, &StateError{Path: path, Msg: fmt.Sprintf("sealed as %q, which this smokeflow does not know", env.Format)}
	case isSealed && key == nil:
		return nil, &StateError{Path: path, Msg: "it is sealed: set " + StateKeyEnv + " to the key it was sealed with"}
	case isSealed:
		if data, err = unseal(path, key, env); err != nil {
			return nil, err
		}
	case key != nil:
		return nil, &StateError{Path: path, Msg: "it is not sealed, and " + StateKeyEnv + " is set: refused (anyone could have written it); save the state again to seal it"}
	}
	var st browser.State
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, &StateError{Path: path, Msg: "it is not a saved state", Err: err}
	}
	if st.Cookies == nil && st.Origins == nil {
		return nil, &StateError{Path: path, Msg: "it is not a saved state: it has neither cookies nor origins"}
	}
	return &st, nil
}

func unseal(path string, key []byte, env sealed) ([]byte, error) {
	if env.Key != keyID(key) {
		return nil, &StateError{Path: path, Msg: "it was sealed with another key than " + StateKeyEnv + ": refused"}
	}
	nonce, err1 := base64.StdEncoding.DecodeString(env.Nonce)
	data, err2 := base64.StdEncoding.DecodeString(env.Data)
	gcm, err3 := newGCM(key)
	if err := errors.Join(err1, err2, err3); err != nil {
		return nil, &StateError{Path: path, Msg: "it is damaged: refused", Err: err}
	}
	if len(nonce) != gcm.NonceSize() {
		return nil, &StateError{Path: path, Msg: "it is damaged: refused"}
	}
	plain, err := gcm.Open(nil, nonce, data, []byte(sealedFormat))
	if err != nil {
		return nil, &StateError{Path: path, Msg: "it was changed since it was sealed: refused"}
	}
	return plain, nil
}
