"""This machine's address on the local network, the one phones on the same Wi-Fi reach it at, found
without sending anything (Qt's list of network interfaces)."""

from __future__ import annotations

import ipaddress

from PySide6.QtNetwork import QAbstractSocket, QNetworkInterface

# Interfaces of virtual machines, containers and VPNs: phones on the Wi-Fi do not reach them.
VIRTUAL = ("docker", "veth", "virbr", "vmnet", "vboxnet", "br-", "tun", "tap", "wg", "zt", "utun", "lxc")


def candidates() -> list[str]:
    """The IPv4 addresses of this machine's interfaces that are up, not the loopback and not
    virtual, the private ones (a home or office network) first."""
    found = []
    flags = QNetworkInterface.InterfaceFlag
    for interface in QNetworkInterface.allInterfaces():
        state = interface.flags()
        if not (state & flags.IsUp and state & flags.IsRunning) or state & flags.IsLoopBack:
            continue
        if interface.name().lower().startswith(VIRTUAL):
            continue
        for entry in interface.addressEntries():
            ip = entry.ip()
            if ip.protocol() != QAbstractSocket.NetworkLayerProtocol.IPv4Protocol:
                continue
            address = ipaddress.ip_address(ip.toString())
            if not (address.is_loopback or address.is_link_local or address.is_unspecified):
                found.append(address)
    found.sort(key=lambda address: not address.is_private)
    return [str(address) for address in found]


def lan_address() -> str:
    """The address to serve phones on; this machine alone (127.0.0.1) when it has no network."""
    found = candidates()
    return found[0] if found else "127.0.0.1"
