//go:build !linux

package engine

func EnableSubreaper() {}
func trackChild(int)   {}
func untrackChild(int) {}
func killStrays()      {}

// ReapZombies is a no-op off Linux.
func ReapZombies() {}
