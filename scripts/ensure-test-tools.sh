#!/usr/bin/env bash
# Tests use real peers from Debian: chromium drives the browser tests (never a downloaded browser) and
# sipp (package sip-tester) plays the phone for the SIP NOTIFY tests; tcpdump reads back the packet
# traces the diagnostics capture (a real pcap reader, not ours); openssh-server's sshd is the SFTP server
# the backup tests write to; iproute2's ip switches on loopback multicast in the network namespace the
# zero-touch test creates (docs/zero-touch.md). Install what is missing.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v sipp >/dev/null 2>&1 || missing+=(sip-tester)
command -v tcpdump >/dev/null 2>&1 || [ -x /usr/sbin/tcpdump ] || missing+=(tcpdump)
command -v sshd >/dev/null 2>&1 || [ -x /usr/sbin/sshd ] || missing+=(openssh-server)
command -v ip >/dev/null 2>&1 || [ -x /usr/sbin/ip ] || missing+=(iproute2)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "missing test tools: run 'sudo apt-get install -y ${missing[*]}' and try again" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
