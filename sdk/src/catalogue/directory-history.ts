import {
  type BuildContext,
  bool,
  keyAccountCount,
  num,
  type Opt,
  password,
  rangeOpts,
  select,
  type TabSpec,
  text,
} from './define.js';

/** LDAP server entries per relation (the spec does not count them). */
export const LDAP_SERVER_ENTRIES = 4;

const callingAccount = (Key: string, ctx: BuildContext) =>
  select(Key, ['Calling account', '呼叫账号'], '-1', [
    ['-1', 'Automatic', '自动'],
    ...rangeOpts(1, Math.min(2, keyAccountCount(ctx)), (n): readonly [string, string] => [
      `Account ${n}`,
      `账号 ${n}`,
    ]),
  ] as Opt[]);

export const directoryHistoryTab: TabSpec = {
  key: 'directoryHistory',
  label: ['Directory & history', '通讯录和历史'],
  sections: [
    {
      key: 'ldap',
      label: ['LDAP', 'LDAP'],
      params: [
        bool('LdapEnable', ['LDAP', 'LDAP'], false),
        text('LdapServerUrl', ['Server URL', '服务器地址']),
        text('LdapSearchBase', ['Search base', '搜索根'], '', {
          tooltip: [
            'Search base (DN). Empty keeps the phone default.',
            '搜索根（DN）。为空时保留话机默认值。',
          ],
        }),
        text('LdapFieldMapping', ['Fields mapping', '字段映射'], 'cn;sn;telephoneNumber;mobile'),
        text('LdapFilter', ['Search filter', '搜索过滤条件'], '(|(cn=%)(telephoneNumber=%))'),
        text('LdapLogin', ['Login', '登录名']),
        password('LdapPassword', ['Password', '密码']),
        num('LdapConnectTimeout', ['Connect timeout (s)', '连接超时（秒）'], 3, 1, 60),
        num('LdapSearchTimeout', ['Search timeout (s)', '搜索超时（秒）'], 5, 1, 60),
        bool('LdapCallLookupEnable', ['Look up callers in LDAP', '来电时查询 LDAP'], false),
        num('LdapMaxHits', ['Maximum hits', '最大结果数'], 50, 1, 1000),
      ],
      groups: [
        {
          key: 'server',
          title: ['LDAP server {n}', 'LDAP 服务器 {n}'],
          count: () => LDAP_SERVER_ENTRIES,
          params: [
            text('LdapEntryTitle', ['Title', '标题']),
            text('LdapEntryUrl', ['Server URL', '服务器地址']),
            num('LdapEntryPort', ['Port', '端口'], 389, 1, 65535),
            select('LdapEntryEncryption', ['Encryption', '加密方式'], '0', [
              ['0', 'LDAP', 'LDAP'],
              ['1', 'LDAPS', 'LDAPS'],
              ['2', 'StartTLS', 'StartTLS'],
            ]),
            (ctx) => callingAccount('LdapEntryCallingAccount', ctx),
            select('LdapEntryVersion', ['LDAP version', 'LDAP 版本'], '3', [
              ['2', 'Version 2', '版本 2'],
              ['3', 'Version 3', '版本 3'],
            ]),
            select('LdapEntryAuth', ['Authentication', '认证方式'], '1', [
              ['0', 'Anonymous', '匿名'],
              ['1', 'Simple', '简单'],
              ['2', 'DIGEST-MD5', 'DIGEST-MD5'],
              ['3', 'NTLM', 'NTLM'],
            ]),
            text('LdapEntryLogin', ['Login', '登录名']),
            password('LdapEntryPassword', ['Password', '密码']),
            text('LdapEntrySearchBase', ['Search base', '搜索根']),
            text('LdapEntryDisplayName', ['Display name', '显示名称'], '%cn'),
            text(
              'LdapEntryNumberFilter',
              ['Number filter', '号码过滤条件'],
              '(|(telephoneNumber=%)(mobile=%))',
            ),
            text('LdapEntryNameFilter', ['Name filter', '名称过滤条件'], '(|(cn=%)(sn=%))'),
            text('LdapEntryAttributes', ['Number attributes', '号码属性'], 'telephoneNumber;mobile'),
            bool('LdapEntryInCallSearch', ['Search on incoming calls', '来电时搜索'], false),
            bool('LdapEntryOutCallSearch', ['Search on outgoing calls', '去电时搜索'], false),
            num('LdapEntryMaxHits', ['Maximum hits', '最大结果数'], 50, 1, 1000),
          ],
        },
      ],
    },
    {
      key: 'remotePhoneBook',
      label: ['Remote phone book', '远程电话簿'],
      params: [
        bool('RemotePhoneBookEnable', ['Remote phone book', '远程电话簿'], false),
        bool('RemotePhoneBookForceUpdate', ['Force update', '强制更新'], false),
        bool('RemotePhoneBookPeriodicUpdate', ['Periodic update', '定期更新'], false),
        num('RemotePhoneBookUpdateInterval', ['Update interval (s)', '更新间隔（秒）'], 3600, 60, '*'),
      ],
      groups: [
        {
          key: 'book',
          title: ['Phone book {n}', '电话簿 {n}'],
          count: () => 6,
          params: [
            text('RemotePhoneBookUrl', ['URL', '地址']),
            text('RemotePhoneBookName', ['Group name', '组名称']),
            text('RemotePhoneBookLogin', ['Login', '登录名']),
            password('RemotePhoneBookPassword', ['Password', '密码']),
            (ctx) => callingAccount('RemotePhoneBookAccount', ctx),
          ],
        },
      ],
    },
    {
      key: 'history',
      label: ['History', '通话记录'],
      params: [
        bool('HistorySaveEnable', ['Save call history', '保存通话记录'], true),
        bool('MissedCallLogEnable', ['Log missed calls', '记录未接来电'], true),
        num('HistoryMaxEntries', ['Maximum history entries', '通话记录最大条数'], 100, 10, 1000),
      ],
    },
    {
      key: 'localDirectory',
      label: ['Local directory', '本地通讯录'],
      params: [
        text('LocalDirectoryUrl', ['Contacts file URL (.xml, .csv)', '联系人文件地址（.xml、.csv）']),
        bool('LocalDirectoryOverwrite', ['Replace existing contacts', '覆盖现有联系人'], false),
        bool('LocalDirectoryInCallSearch', ['Look up callers in contacts', '来电时查询联系人'], true),
      ],
    },
  ],
};
