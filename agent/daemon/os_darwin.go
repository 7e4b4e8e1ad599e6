package daemon

import (
	"net"

	"golang.org/x/sys/unix"
)

// maxSocketPath is the longest path a Unix socket may have (sun_path
// holds 104 bytes with its NUL on macOS).
const maxSocketPath = 103

// peerUID is the uid of the process at the other end of a Unix socket, as
// the kernel recorded it when that process connected (LOCAL_PEERCRED,
// macOS's SO_PEERCRED).
func peerUID(conn *net.UnixConn) (int, error) {
	raw, err := conn.SyscallConn()
	if err != nil {
		return 0, err
	}
	var cred *unix.Xucred
	var credErr error
	if err := raw.Control(func(fd uintptr) {
		cred, credErr = unix.GetsockoptXucred(int(fd), unix.SOL_LOCAL, unix.LOCAL_PEERCRED)
	}); err != nil {
		return 0, err
	}
	if credErr != nil {
		return 0, credErr
	}
	return int(cred.Uid), nil
}

// sZomb is a zombie's p_stat (SZOMB in macOS's <sys/proc.h>).
const sZomb = 5

// alive says whether a process with this id runs (a zombie counts as
// ended), as the kernel's process table says (macOS has no /proc).
func alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	k, err := unix.SysctlKinfoProc("kern.proc.pid", pid)
	return err == nil && int(k.Proc.P_pid) == pid && k.Proc.P_stat != sZomb
}
