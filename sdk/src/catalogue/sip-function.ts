import { accountCount, accountOpts, bool, num, port, select, type TabSpec } from './define.js';
import { tlsVersionOpts } from './options.js';

export const sipFunctionTab: TabSpec = {
  key: 'sipFunction',
  label: ['SIP function', 'SIP 功能'],
  sections: [
    {
      key: 'general',
      label: ['General', '常规'],
      params: [
        num('SIPRegisterRetry', ['Registration retry interval (s)', '注册失败重试间隔（秒）'], 300, 1, 3600),
        port('SIPLocalPort', ['Local SIP port', '本地 SIP 端口'], 5060),
        port('SIPSLocalPort', ['Local SIPS port', '本地 SIPS 端口'], 5061),
        port('SRTPLocalPort', ['Local SRTP port', '本地 SRTP 端口'], 30000),
        port('SRTCPLocalPort', ['Local SRTCP port', '本地 SRTCP 端口'], 30001),
        port('RTPLocalPort', ['Local RTP port', '本地 RTP 端口'], 6000),
        port('RTCPLocalPort', ['Local RTCP port', '本地 RTCP 端口'], 6001),
        num('Audiodiffserv', ['Voice DSCP', '语音 DSCP'], 46, 0, 63),
        num('SIPDSCP', ['SIP DSCP', 'SIP DSCP'], 40, 0, 63),
        num('SIPMaxCall', ['Maximum calls per line', '每线路最大通话数'], 2, 1, 5),
        bool('SIPLocalConfEnable', ['Local conference', '本地会议'], true),
        num('LocalConfPartyMax', ['Local conference parties', '本地会议方数'], 3, 3, 6),
        num('SIPSrtpAuthentication', ['SRTP authentication', 'SRTP 认证'], 1, 0, 1, {
          tooltip: [
            'SRTP authentication (0 off, 1 on). Default: 1.',
            'SRTP 认证（0 关闭，1 开启）。默认值：1。',
          ],
        }),
        bool('SIPSslPeerVerify', ['Verify TLS peer certificate', '校验 TLS 对端证书'], false),
        select('SIPSslVersion', ['TLS version', 'TLS 版本'], '102', tlsVersionOpts),
        bool('SIPPoundKeyEnable', ['Pound key enabled', '启用 # 键'], true),
        bool('SIPPeerFilterEnable', ['Filter calls not from the server', '过滤非服务器来电'], false),
        bool('SIPPeerToPeerEnable', ['Peer-to-peer (IP) calls', '点对点（IP）呼叫'], true),
        bool('SIPPaniEnable', ['P-Access-Network-Info (PANI)', 'P-Access-Network-Info（PANI）'], false),
        (ctx) =>
          select('SIPDefaultAccount', ['Default account', '默认账号'], '1', accountOpts(accountCount(ctx))),
        bool('SIPAutoBlfListEnable', ['Automatic BLF list', '自动 BLF 列表'], true),
        num('ReleaseTimeout', ['Release timeout (s)', '挂断超时（秒）'], 3, 0, 30),
        bool('SIPRfc2543HoldEnable', ['RFC 2543 hold (c=0.0.0.0)', 'RFC 2543 保持（c=0.0.0.0）'], false),
        bool('SIPRfc5373Enable', ['RFC 5373 answer mode', 'RFC 5373 应答模式'], false),
        bool('SIPFailOverEnable', ['Server failover', '服务器故障切换'], true),
      ],
    },
  ],
};
