//go:build !linux

package browser

func EnableSubreaper() {}
func trackChild(int)   {}
func untrackChild(int) {}
func killStrays()      {}

// ReapZombies is a no-op off Linux.
func ReapZombies() {}
