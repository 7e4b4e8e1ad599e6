package daemon

import "fmt"

// checkPeer refuses a peer that is not the session's user, root included
// (docs/agent-session.md "Who may connect").
func checkPeer(peer, own int) error {
	if peer != own {
		return fmt.Errorf("refused a connection from uid %d: this session belongs to uid %d, and only its user may drive it", peer, own)
	}
	return nil
}
