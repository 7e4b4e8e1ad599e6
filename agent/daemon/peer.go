package daemon

import (
	"fmt"
	"net"

	"golang.org/x/sys/unix"
)

// peerUID is the uid of the process at the other end of a Unix socket, as
// the kernel recorded it when that process connected (SO_PEERCRED).
func peerUID(conn *net.UnixConn) (int, error) {
	raw, err := conn.SyscallConn()
	if err != nil {
		return 0, err
	}
	var cred *unix.Ucred
	var credErr error
	if err := raw.Control(func(fd uintptr) {
		cred, credErr = unix.GetsockoptUcred(int(fd), unix.SOL_SOCKET, unix.SO_PEERCRED)
	}); err != nil {
		return 0, err
	}
	if credErr != nil {
		return 0, credErr
	}
	return int(cred.Uid), nil
}

// checkPeer refuses a peer that is not the session's user, root included
// (docs/agent-session.md "Who may connect").
func checkPeer(peer, own int) error {
	if peer != own {
		return fmt.Errorf("refused a connection from uid %d: this session belongs to uid %d, and only its user may drive it", peer, own)
	}
	return nil
}
