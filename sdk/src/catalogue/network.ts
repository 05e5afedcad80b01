import { bool, ipv4, num, password, port, select, type TabSpec, text } from './define.js';

const speed = (Key: string, port: string, portZh: string) =>
  select(Key, [`${port} speed (Mbit/s)`, `${portZh}速率（Mbit/s）`], '100', [
    ['10', '10', '10'],
    ['100', '100', '100'],
  ]);
const duplex = (Key: string, port: string, portZh: string) =>
  select(Key, [`${port} duplex`, `${portZh}双工模式`], 'Full', [
    ['Half', 'Half duplex', '半双工'],
    ['Full', 'Full duplex', '全双工'],
  ]);

export const networkTab: TabSpec = {
  key: 'network',
  label: ['Network', '网络'],
  sections: [
    {
      key: 'ipParameter',
      label: ['IP parameters', 'IP 参数'],
      params: [
        select('DHCPMode', ['IP mode', 'IP 获取方式'], 'Dynamic', [
          ['Static', 'Static', '静态'],
          ['Dynamic', 'Dynamic (DHCP)', '动态（DHCP）'],
        ]),
        ipv4('IPAddress', ['IP address', 'IP 地址']),
        ipv4('SubnetMask', ['Subnet mask', '子网掩码']),
        ipv4('DefaultGateway', ['Default router', '默认网关']),
        bool('StaticDNSEnable', ['Static DNS', '静态 DNS'], false),
        ipv4('PrimaryDNS', ['Primary DNS', '首选 DNS']),
        ipv4('SecondaryDNS', ['Secondary DNS', '备用 DNS']),
        bool('DHCPUserClassEnable', ['DHCP user class', 'DHCP 用户类'], false),
        text('DHCPUserClass', ['DHCP user class value', 'DHCP 用户类取值']),
        bool('DHCPUserClassRfcCompliant', ['RFC 3004 compliant user class', '符合 RFC 3004 的用户类'], false),
        bool('VLANEnable', ['Voice VLAN', '语音 VLAN'], false),
        num('VLANId', ['Voice VLAN ID', '语音 VLAN ID'], 4095, 1, 4095),
        bool('DataVLANEnable', ['Data (PC port) VLAN', '数据（PC 口）VLAN'], false),
        num('DataVLANId', ['Data VLAN ID', '数据 VLAN ID'], 4095, 1, 4095),
        num('MTU', ['MTU', 'MTU'], 1500, 128, 1500),
      ],
    },
    {
      key: 'port',
      label: ['Ports', '端口'],
      params: [
        bool('LanAutoNegotiation', ['LAN port auto-negotiation', 'LAN 口自动协商'], true),
        speed('LanSpeed', 'LAN port', 'LAN 口'),
        duplex('LanDuplex', 'LAN port', 'LAN 口'),
        bool('PcPortEnable', ['PC port', 'PC 口'], true),
        bool('PcAutoNegotiation', ['PC port auto-negotiation', 'PC 口自动协商'], true),
        speed('PcSpeed', 'PC port', 'PC 口'),
        duplex('PcDuplex', 'PC port', 'PC 口'),
      ],
    },
    {
      key: 'lldp',
      label: ['LLDP', 'LLDP'],
      params: [
        bool('LldpVlanEnable', ['Learn VLAN by LLDP', '通过 LLDP 获取 VLAN'], true),
        bool('LldpPowerEnable', ['Announce power by LLDP', '通过 LLDP 通告功率'], true),
        bool('LldpInventoryEnable', ['Announce inventory by LLDP', '通过 LLDP 通告设备信息'], true),
      ],
    },
    {
      key: 'ipsecVpn',
      label: ['IPsec VPN', 'IPsec VPN'],
      params: [
        bool('IpsecEnable', ['IPsec VPN', 'IPsec VPN'], false),
        text('IpsecServer', ['IPsec server', 'IPsec 服务器']),
        select('IpsecIkeVersion', ['IKE version', 'IKE 版本'], '2', [
          ['1', 'IKEv1', 'IKEv1'],
          ['2', 'IKEv2', 'IKEv2'],
        ]),
        password('IpsecPreSharedKey', ['Pre-shared key', '预共享密钥']),
        text('IpsecUsername', ['IPsec username', 'IPsec 用户名']),
        password('IpsecPassword', ['IPsec password', 'IPsec 密码']),
      ],
    },
    {
      key: 'natVpn',
      label: ['NAT traversal', 'NAT 穿越'],
      params: [
        select('NatTraversalMode', ['NAT traversal', 'NAT 穿越'], '0', [
          ['0', 'Disable', '禁用'],
          ['1', 'NAT', 'NAT'],
          ['2', 'STUN', 'STUN'],
          ['3', 'ICE', 'ICE'],
        ]),
        text('NatStunServer', ['STUN server', 'STUN 服务器']),
        port('NatStunPort', ['STUN port', 'STUN 端口'], 3478),
        ipv4('NatPublicIp', ['Public IP address', '公网 IP 地址']),
        num('NatKeepAliveInterval', ['NAT keep-alive interval (s)', 'NAT 保活间隔（秒）'], 30, 5, 3600),
      ],
    },
    {
      key: 'openVpn',
      label: ['OpenVPN', 'OpenVPN'],
      params: [
        bool('OpenVpnEnable', ['OpenVPN', 'OpenVPN'], false),
        text('OpenVpnConfigUrl', ['OpenVPN configuration (.tar) URL', 'OpenVPN 配置（.tar）地址']),
        text('OpenVpnUsername', ['OpenVPN username', 'OpenVPN 用户名']),
        password('OpenVpnPassword', ['OpenVPN password', 'OpenVPN 密码']),
      ],
    },
    {
      key: 'wifi',
      label: ['Wi-Fi', 'Wi-Fi'],
      when: (ctx) => ctx.share || ctx.caps.wifi,
      params: [
        bool('WifiEnable', ['Wi-Fi', 'Wi-Fi'], false),
        text('WifiSsid', ['SSID', 'SSID'], '', { maxLength: 32 }),
        select('WifiSecurity', ['Security mode', '安全模式'], '3', [
          ['0', 'None', '无'],
          ['1', 'WEP', 'WEP'],
          ['2', 'WPA-PSK', 'WPA-PSK'],
          ['3', 'WPA2-PSK', 'WPA2-PSK'],
          ['4', 'WPA3-SAE', 'WPA3-SAE'],
        ]),
        password('WifiPassword', ['Wi-Fi password', 'Wi-Fi 密码'], { maxLength: 63 }),
      ],
    },
    {
      key: 'xvpn',
      label: ['XVPN', 'XVPN'],
      params: [
        bool('XvpnEnable', ['XVPN', 'XVPN'], false),
        text('XvpnServer', ['XVPN server', 'XVPN 服务器']),
        num('XvpnPort', ['XVPN port', 'XVPN 端口'], 443, 1, 65535),
        text('XvpnUsername', ['XVPN username', 'XVPN 用户名']),
        password('XvpnPassword', ['XVPN password', 'XVPN 密码']),
      ],
    },
  ],
};
