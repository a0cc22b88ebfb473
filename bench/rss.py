"""Peak and current resident memory of this process, for the bench scripts."""


def rss_mb(field):
    """VmRSS (now) or VmHWM (the high-water mark) from /proc/self/status, in MB; -1 if absent."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return -1
