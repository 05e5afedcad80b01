import type { Language } from './envelope.js';

/**
 * Every user-facing text the platform sends, in the spec's words (en) and Simplified Chinese.
 * Keys are stable identifiers; the platform answers in the caller's Accept-Language.
 */
export const messages = {
  success: { en: 'Success', zh: '操作成功' },
  unknownError: { en: 'Unknown error', zh: '未知错误' },
  invalidRoute: { en: 'Invalid route', zh: '无效的路由' },
  notFound: { en: 'Not found', zh: '未找到' },
  forbidden: { en: 'No permission', zh: '没有权限' },
  sessionExpired: { en: 'Login expired, please log in again', zh: '登录已过期，请重新登录' },
  payloadTooLarge: { en: 'Request body too large', zh: '请求内容过大' },
  fieldRequired: { en: 'This field cannot be empty!', zh: '此项不能为空！' },
  invalidFormat: { en: 'Invalid format!', zh: '格式不正确！' },
  incorrectFormat: { en: 'Incorrect format', zh: '格式错误' },
  loginNameEmpty: { en: 'Email/Username cannot be empty!', zh: '邮箱/用户名不能为空！' },
  passwordEmpty: { en: 'Password cannot be empty!', zh: '密码不能为空！' },
  verifyCodeEmpty: { en: 'Please fill in the verification code!', zh: '请填写验证码！' },
  verifyCodeWrong: { en: 'The verification code is incorrect!', zh: '验证码不正确！' },
  emailInvalid: { en: 'Please fill in the email address correctly!', zh: '请正确填写邮箱地址！' },
  loginWrong: { en: 'Incorrect username or password', zh: '用户名或密码错误' },
  accountLocked: {
    en: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    zh: '登录失败次数过多，请 15 分钟后再试。',
  },
  accountInactive: { en: 'The account is not activated', zh: '账号未激活' },
  accountFrozen: { en: 'The account has been frozen', zh: '账号已被冻结' },
  passwordRule: {
    en: 'The password must be 8-20 characters and contain at least three of: uppercase letters, lowercase letters, digits, special characters',
    zh: '密码长度为 8-20 位，且至少包含大写字母、小写字母、数字、特殊字符中的三种',
  },
  passwordMismatch: { en: 'The two passwords are inconsistent!', zh: '两次输入的密码不一致！' },
  resetLinkSent: {
    en: 'If the account exists, a reset link has been sent to its email address',
    zh: '如果账号存在，重置链接已发送到其邮箱',
  },
  resetTokenInvalid: { en: 'The reset link is invalid or has expired', zh: '重置链接无效或已过期' },
  passwordChanged: { en: 'Password modified successfully!', zh: '密码修改成功！' },
  // Organisation: channels, enterprises, users, roles (docs/organisation.md).
  emailExists: { en: 'The email already exists', zh: '邮箱已存在' },
  userNameExists: { en: 'The user name already exists', zh: '用户名已存在' },
  channelNameExists: { en: 'The channel name already exists', zh: '渠道名称已存在' },
  enterpriseNameExists: { en: 'The enterprise name already exists', zh: '企业名称已存在' },
  roleNameExists: { en: 'The role name already exists', zh: '角色名称已存在' },
  roleBuiltin: { en: 'Built-in roles cannot be deleted', zh: '内置角色不能删除' },
  roleInUse: { en: 'The role is in use and cannot be deleted', zh: '角色正在使用，不能删除' },
  subChannelsNotAllowed: { en: 'This channel may not create sub-channels', zh: '该渠道不允许创建子渠道' },
  channelNotAuthorized: {
    en: 'The enterprise has not authorized its channel to manage it',
    zh: '该企业未授权其渠道进行管理',
  },
  emailModified: { en: 'Email address modified successfully!', zh: '邮箱修改成功！' },
  activationSent: { en: 'An activation email has been sent', zh: '激活邮件已发送' },
  channelHasData: { en: 'The channel has data, please transfer it first', zh: '渠道下存在数据，请先转移' },
  enterpriseHasData: {
    en: 'The enterprise has data, please transfer it first',
    zh: '企业下存在数据，请先转移',
  },
  organisationHasChildren: {
    en: 'The channel has sub-channels or enterprises, please delete them first',
    zh: '渠道下存在子渠道或企业，请先删除',
  },
  freezeOwnOrganisation: { en: 'You cannot freeze your own organisation', zh: '不能冻结自己所在的组织' },
  organisationMoveUnsupported: {
    en: 'An organisation cannot be moved to another channel',
    zh: '组织不能移动到其他渠道',
  },
  bodyTooLong: { en: 'The length cannot exceed 10000 characters', zh: '长度不能超过 10000 个字符' },
  // Users, roles and personal info (docs/organisation.md, "Users and roles").
  notOnSelf: { en: 'You cannot do this to your own account', zh: '不能对自己的账号执行此操作' },
  primaryUserProtected: {
    en: 'The organization’s first user cannot be deleted, forbidden or changed by others',
    zh: '组织的首个用户不能被删除、禁用或由他人修改',
  },
  userNotManageable: {
    en: 'You cannot manage a user whose role or sites go beyond your own',
    zh: '不能管理角色或站点超出您自身权限的用户',
  },
  userHasPassword: { en: 'This user has already set a password', zh: '该用户已设置密码' },
  userNeverActivated: {
    en: 'This user has not set a password yet: send an activation email instead',
    zh: '该用户尚未设置密码，请改为发送激活邮件',
  },
  oldPasswordWrong: { en: 'The old password is incorrect', zh: '旧密码不正确' },
  emailConfirmSent: {
    en: 'A confirmation link has been sent to the new email address',
    zh: '确认链接已发送到新邮箱',
  },
  customRolesUnsupported: {
    en: 'Custom roles and sub-users are for channel and enterprise organizations',
    zh: '自定义角色和子用户仅适用于渠道和企业组织',
  },
  // Email server settings and the outbox (docs/mail.md).
  mailTestFailed: { en: 'The test email could not be sent', zh: '测试邮件发送失败' },
  mailTestSent: { en: 'The test email has been sent', zh: '测试邮件已发送' },
  networkTimeout: { en: 'Network timeout', zh: '网络超时' },
  networkException: { en: 'Network exception', zh: '网络异常' },
  textEditingUnsupported: {
    en: 'No loaded driver offers a text format for this screen',
    zh: '没有已加载的驱动为此页面提供文本格式',
  },
  unknownModel: { en: 'Unknown device model', zh: '未知的设备型号' },
  nameTooLong: { en: 'The length cannot exceed 128 characters', zh: '长度不能超过 128 个字符' },
  // Uploads (platform/src/http/upload.ts); messageExt names the allowed types or the size limit.
  uploadMissing: { en: 'Please select a file to upload', zh: '请选择要上传的文件' },
  uploadWrongType: { en: 'The file type is not supported', zh: '不支持该文件类型' },
  uploadTooLarge: { en: 'The file exceeds the size limit', zh: '文件超出大小限制' },
  // Sites, model templates, groups, MAC configuration files (docs/fleet.md).
  descriptionTooLong: { en: 'The length cannot exceed 500 characters', zh: '长度不能超过 500 个字符' },
  siteNameExists: { en: 'The site name already exists', zh: '站点名称已存在' },
  siteParentInvalid: {
    en: 'A site cannot be moved under itself or one of its sub-sites',
    zh: '站点不能移动到自身或其子站点下',
  },
  siteDefaultFixed: { en: 'The default site cannot be moved or deleted', zh: '默认站点不能移动或删除' },
  siteHasData: { en: 'The site has data, please transfer it first', zh: '站点下存在数据，请先转移' },
  modelTemplateExists: {
    en: 'This site already has a template for this model',
    zh: '该站点已存在此机型的模板',
  },
  groupNameExists: { en: 'The group name already exists', zh: '分组名称已存在' },
  groupNeedsDevice: { en: 'Group needs a device', zh: '分组至少需要一台设备' },
  groupDeviceOutsideSite: {
    en: 'The devices must be in the group’s site or its sub-sites',
    zh: '设备必须属于分组的站点或其子站点',
  },
  badZipContent: { en: 'Bad Zip Content', zh: '压缩包内容有误' },
  macFileNameInvalid: {
    en: 'The file name must carry the MAC address, e.g. config.001565aabbcc.xml',
    zh: '文件名须包含 MAC 地址，例如 config.001565aabbcc.xml',
  },
  macFileUnknownDevice: { en: 'No device has this MAC address', zh: '没有该 MAC 地址的设备' },
  macInAnotherOrganization: {
    en: 'This MAC address is registered to another organization',
    zh: '该 MAC 地址已登记在其他组织',
  },
  // Device inventory (docs/devices.md).
  invalidMac: { en: 'Invalid MAC address', zh: '无效的 MAC 地址' },
  deviceLimitReached: {
    en: 'The organisation has reached its device numbers',
    zh: '该组织的设备数量已达上限',
  },
  duplicateDevice: { en: 'Duplicate device', zh: '设备重复' },
  invalidSerialNumber: {
    en: 'Invalid S/N: 1-32 letters, digits or hyphens',
    zh: 'S/N 无效：1-32 位字母、数字或连字符',
  },
  macNotChangeable: { en: 'The MAC address cannot be changed', zh: 'MAC 地址不能修改' },
  siteNotFound: { en: 'The site does not exist', zh: '站点不存在' },
  siteAmbiguous: { en: 'More than one site has this name', zh: '存在多个同名站点' },
  deviceHasAccount: {
    en: 'A device with a SIP account cannot change site until unbound',
    zh: '绑定了 SIP 账号的设备需先解绑才能更换站点',
  },
  importPartlyFailed: { en: 'Some rows could not be imported', zh: '部分行未能导入' },
  unknownPartlyAdded: { en: 'Some devices could not be added', zh: '部分设备未能添加' },
  deviceLogAdd: { en: 'Added the device', zh: '添加设备' },
  deviceLogUpdate: { en: 'Edited the device', zh: '编辑设备' },
  deviceLogTransfer: { en: 'Moved to site', zh: '转移到站点' },
  deviceLogEnablePush: { en: 'Enabled configuration push', zh: '启用配置推送' },
  deviceLogDisablePush: { en: 'Disabled configuration push', zh: '禁用配置推送' },
  deviceLogImport: { en: 'Imported the device', zh: '导入设备' },
  // Tasks and pushes (docs/tasks.md). Result messages are stored as keys and translated on read.
  taskTimeTooSoon: { en: 'The Task Time must start after 5 minutes', zh: '任务时间必须在 5 分钟之后' },
  timeRangeError: { en: 'time range error!', zh: '时间范围错误！' },
  taskIntervalRange: { en: 'The interval must be 1 to 7200 seconds', zh: '间隔须为 1 到 7200 秒' },
  taskDevicesRequired: { en: 'Please select at least one device', zh: '请至少选择一台设备' },
  taskNoDevicesInRange: { en: 'There are no devices in the selected range', zh: '所选范围内没有设备' },
  taskStateForbids: {
    en: 'The task’s current state does not allow this action',
    zh: '任务当前状态不允许此操作',
  },
  taskTypeFromItsList: {
    en: 'Firmware upgrades are created from the firmware list, resource pushes from the resource list',
    zh: '固件升级请在固件列表中创建，资源推送请在资源列表中创建',
  },
  factoryResetUnsupported: {
    en: 'The device model does not support a factory reset by push',
    zh: '该设备型号不支持远程恢复出厂设置',
  },
  pushBanned: {
    en: 'This device has been banned to be provisioned, and subsequent modifications are only saved without device provisioning.',
    zh: '该设备已被禁止下发配置，后续修改仅保存，不会下发到设备。',
  },
  pushNoAddress: {
    en: 'The device has no known address: it has never fetched its configuration',
    zh: '设备地址未知：设备从未获取过配置',
  },
  pushNoAnswer: { en: 'The device did not answer the notification', zh: '设备未响应通知' },
  pushRefused: { en: 'The device refused the notification', zh: '设备拒绝了通知' },
  pushAuthNoAccount: {
    en: 'The device asked for authentication of the notification and no SIP account is bound to its line 1',
    zh: '设备要求对通知进行认证，但其线路 1 未绑定 SIP 账号',
  },
  pushAuthRefused: {
    en: 'The device refused the notification signed with the SIP account bound to its line 1',
    zh: '设备拒绝了使用其线路 1 所绑定 SIP 账号签名的通知',
  },
  pushNotFetched: {
    en: 'The device answered but did not fetch its configuration in time',
    zh: '设备已响应，但未在规定时间内获取配置',
  },
  pushInterrupted: {
    en: 'The console stopped while notifying the device, and the device did not show that it acted',
    zh: '控制台在通知设备时中断，且设备未表明已执行',
  },
  pushUnserved: {
    en: 'The device asked for its configuration while the console could not serve it (database unavailable), and did not fetch it again in time',
    zh: '设备请求配置时控制台无法提供（数据库不可用），且设备未在规定时间内再次获取',
  },
  pushWindowEnded: {
    en: 'The task’s time window ended before it could run',
    zh: '任务时间窗口在执行前已结束',
  },
  // Scans by IP range and their log (docs/device-events.md); {name} are filled in on read.
  invalidIpRange: { en: 'Invalid IP address range:', zh: '无效的 IP 地址范围：' },
  scanStarted: {
    en: 'Scanning {start} - {end} ({total} addresses)',
    zh: '正在扫描 {start} - {end}（共 {total} 个地址）',
  },
  scanFound: {
    en: 'Found {model} at {ip} via {via} (firmware {firmware}, MAC {mac})',
    zh: '通过 {via} 在 {ip} 发现 {model}（固件 {firmware}，MAC {mac}）',
  },
  scanUnidentified: {
    en: '{ip} answered but is not a supported phone: {agent}',
    zh: '{ip} 有应答，但不是受支持的话机：{agent}',
  },
  scanFinished: { en: 'Scan finished: {found} devices found', zh: '扫描完成：发现 {found} 台设备' },
  scanStopped: { en: 'Scan stopped', zh: '扫描已停止' },
  scanInterrupted: {
    en: 'Scan interrupted: the console instance running it stopped',
    zh: '扫描中断：执行扫描的控制台实例已停止',
  },
  // SIP servers, accounts and bindings (docs/sip.md).
  sipServerNameExists: { en: 'A SIP server with this name already exists', zh: '已存在同名 SIP 服务器' },
  sipAccountExists: {
    en: 'This user name already has an account on this SIP server',
    zh: '该 SIP 服务器上已有此用户名的账号',
  },
  sipServerNotFound: { en: 'The SIP server does not exist', zh: 'SIP 服务器不存在' },
  sipAccountOutsideServerSite: {
    en: 'The account’s site must be the SIP server’s site or below it',
    zh: '账号的站点须为 SIP 服务器的站点或其下级站点',
  },
  sipLineOutOfRange: {
    en: 'The line number exceeds the SIP accounts this model supports',
    zh: '线路号超出该型号支持的 SIP 账号数',
  },
  sipAccountBoundTwice: { en: 'An account can be bound to one line only', zh: '一个账号只能绑定一条线路' },
  sipLineAssignedTwice: { en: 'A line can hold one account only', zh: '一条线路只能绑定一个账号' },
  sipAccountAlreadyBound: {
    en: 'The account is already bound to another device. Bind it here instead?',
    zh: '该账号已绑定到其他设备，是否改为绑定到此设备？',
  },
  sipAccountOutsideDeviceSite: {
    en: 'The account can only be bound to devices of its site and the SIP server’s site',
    zh: '账号只能绑定到其站点及 SIP 服务器站点下的设备',
  },
  sipPortInvalid: { en: 'Ports are integers from 1 to 65535', zh: '端口须为 1 到 65535 的整数' },
  sipExpiresInvalid: {
    en: 'The register expiry is 30 to 604800 seconds',
    zh: '注册有效期须为 30 到 604800 秒',
  },
  sipAccountImportDuplicate: { en: 'Duplicate account', zh: '账号重复' },
  // Firmware (docs/firmware.md).
  firmwareVersionExists: { en: 'The version number already exists!', zh: '版本号已存在！' },
  firmwareVersionInvalid: {
    en: 'The version is four numbers separated by dots, e.g. 2.14.0.5',
    zh: '版本号须为以点分隔的四个数字，例如 2.14.0.5',
  },
  firmwareInUse: {
    en: 'The firmware is used by a task that has not finished',
    zh: '该固件正被未完成的任务使用',
  },
  firmwareModelUnsupported: {
    en: 'The firmware does not support the model of these devices',
    zh: '该固件不支持这些设备的型号',
  },
  upgradeNotReported: {
    en: 'The device did not report the new firmware version in time',
    zh: '设备未在规定时间内报告新的固件版本',
  },
  upgradeNotDownloaded: {
    en: 'The device did not download the firmware in time',
    zh: '设备未在规定时间内下载固件',
  },
  upgradeNotApplied: {
    en: 'The device downloaded the firmware but still reports version',
    zh: '设备已下载固件，但报告的版本仍为',
  },
  firmwareNewVersion: { en: 'New firmware version', zh: '新固件版本' },
  // Other resources (docs/resources.md).
  resourceInUse: {
    en: 'The resource is used by a task that has not finished',
    zh: '该资源正被未完成的任务使用',
  },
  resourceModelUnsupported: {
    en: 'The device model does not support this resource:',
    zh: '该设备型号不支持此资源：',
  },
  resourceNotDownloaded: {
    en: 'The device did not download the file in time',
    zh: '设备未在规定时间内下载文件',
  },
  // Alarms and alarm strategies (docs/alarms.md). Spec §5: name, at least one user, mode, content and device range.
  strategyNameRequired: { en: 'Please enter the strategy name', zh: '请输入策略名称' },
  strategyNameExists: { en: 'The strategy name already exists', zh: '策略名称已存在' },
  strategyReceiversRequired: { en: 'Please select at least one user', zh: '请至少选择一个用户' },
  strategyModeRequired: { en: 'Please select the alarm mode', zh: '请选择告警方式' },
  strategyContentRequired: { en: 'Please select the alarm content', zh: '请选择告警内容' },
  strategyDevicesRequired: { en: 'Please select the device range', zh: '请选择设备范围' },
  alarmRegistrationFailed: { en: 'Registration failed', zh: '注册失败' },
  alarmFactoryReset: { en: 'The device was reset to factory settings', zh: '设备已恢复出厂设置' },
  alarmReboot: { en: 'The device rebooted', zh: '设备已重启' },
  alarmOffline: { en: 'The device went offline', zh: '设备离线' },
  alarmOnline: { en: 'The device is back online', zh: '设备已恢复在线' },
  alarmConfigUpdateFailed: { en: 'Configuration update failed', zh: '配置更新失败' },
  alarmBackupFailed: { en: 'Backup failed', zh: '备份失败' },
  alarmBadCallQuality: { en: 'Bad call quality', zh: '通话质量差' },
  alarmCallFailed: { en: 'Call failed', zh: '呼叫失败' },
  alarmNewFirmware: { en: 'New firmware version', zh: '新固件版本' },
  // Diagnostics over SSH (docs/phone-simulator.md, docs/writing-a-driver.md). Spec §5: host required.
  diagnosticsHostRequired: { en: 'Diagnostics: host required', zh: '诊断：主机不能为空' },
  diagnosticsHostInvalid: {
    en: 'Diagnostics: the host must be a host name or an IPv4 or IPv6 address, without spaces or shell characters',
    zh: '诊断：主机必须是主机名或 IPv4、IPv6 地址，不能包含空格或 Shell 特殊字符',
  },
  diagnosticsUnsupported: {
    en: 'The driver of this model declares no diagnostics',
    zh: '该型号的驱动未声明诊断功能',
  },
  diagnosticsCountInvalid: {
    en: 'Diagnostics: the ping count must be 1 to 100',
    zh: '诊断：Ping 次数必须为 1 到 100',
  },
  diagnosticsLevelInvalid: {
    en: 'Diagnostics: the log level must be one of emergency, alert, critical, error, warning, notice, info, debug',
    zh: '诊断：日志级别必须是 emergency、alert、critical、error、warning、notice、info、debug 之一',
  },
  diagnosticsRangeRequired: {
    en: 'Diagnostics: choose the start and the end of the range, the start before the end',
    zh: '诊断：请选择时间范围的开始和结束，开始早于结束',
  },
  diagnosticsNoAddress: {
    en: 'Diagnostics: the phone has not reported its IP address yet',
    zh: '诊断：话机尚未上报其 IP 地址',
  },
  diagnosticsNoCredentials: {
    en: "Diagnostics: no password for the phone's SSH: set the administrator password in its configuration or a password for this device",
    zh: '诊断：没有话机 SSH 的密码：请在配置中设置管理员密码，或为该设备设置密码',
  },
  diagnosticsRefused: {
    en: 'Diagnostics: the phone refused the SSH connection (is SSH access enabled in its configuration?)',
    zh: '诊断：话机拒绝了 SSH 连接（配置中是否已开启 SSH 访问？）',
  },
  diagnosticsUnreachable: {
    en: 'Diagnostics: the phone did not answer on SSH',
    zh: '诊断：话机的 SSH 没有应答',
  },
  diagnosticsAuthFailed: {
    en: 'Diagnostics: the phone refused the SSH user name or password',
    zh: '诊断：话机拒绝了 SSH 用户名或密码',
  },
  diagnosticsHostKeyChanged: {
    en: "Diagnostics: the phone's host key changed since it was pinned; if the phone was replaced or reset, forget the pinned key in its SSH settings",
    zh: '诊断：话机的主机密钥与已固定的不同；如果话机已更换或重置，请在其 SSH 设置中清除已固定的密钥',
  },
  diagnosticsTooMany: {
    en: 'Diagnostics: this phone already runs 4 sessions; stop one first',
    zh: '诊断：该话机已有 4 个会话在运行，请先停止一个',
  },
  diagnosticsDropped: { en: 'The phone closed the connection', zh: '话机关闭了连接' },
  diagnosticsInstanceStopped: {
    en: 'The console instance holding the session stopped',
    zh: '持有该会话的控制台实例已停止',
  },
  diagnosticsLimitReached: {
    en: 'The capture reached 100 MB and stopped by itself',
    zh: '抓包已达到 100 MB，自动停止',
  },
  diagnosticsCommandFailed: {
    en: 'The command on the phone ended with code',
    zh: '话机上的命令结束，退出码',
  },
  diagnosticsCommandMissing: {
    en: 'The phone does not have the program the driver asked for',
    zh: '话机上没有驱动要求的程序',
  },
  diagnosticsDetailLevel: { en: 'Level', zh: '级别' },
  diagnosticsDetailHost: { en: 'Host', zh: '主机' },
  diagnosticsDetailCount: { en: 'Count', zh: '次数' },
  diagnosticsDetailRange: { en: 'Range', zh: '范围' },
  diagnosticsRange1d: { en: '1 day', zh: '1 天' },
  diagnosticsRange7d: { en: '7 days', zh: '7 天' },
  diagnosticsRangeAll: { en: 'All', zh: '全部' },
  diagnosticsPhoneLogUnavailable: {
    en: "The phone's own log could not be read",
    zh: '无法读取话机自身的日志',
  },
  backingUp: { en: 'Backing up, please wait...', zh: '正在备份，请稍候...' },
  recovering: { en: 'Recovering, please wait...', zh: '正在恢复，请稍候...' },
  upgrading: { en: 'Upgrading,please wait...', zh: '正在升级，请稍候...' },
  backupContentRequired: { en: 'Please select at least one backup content', zh: '请至少选择一项备份内容' },
  backupFileNameRequired: { en: 'Please enter the file name', zh: '请输入文件名' },
  backupUrlTooLong: {
    en: 'The remote server URL is at most 512 characters',
    zh: '远程服务器地址最多 512 个字符',
  },
  backupUrlInvalid: {
    en: 'The remote server URL must look like sftp://host[:port]/folder',
    zh: '远程服务器地址格式应为 sftp://主机[:端口]/目录',
  },
  backupRemoteIncomplete: {
    en: 'A remote backup needs the server URL, username and password',
    zh: '远程备份需要服务器地址、用户名和密码',
  },
  backupRemoteAuthFailed: {
    en: 'The backup server refused the username or password',
    zh: '备份服务器拒绝了用户名或密码',
  },
  backupRemoteUnreachable: { en: 'The backup server could not be reached', zh: '无法连接备份服务器' },
  backupRemoteHostKeyChanged: {
    en: "The backup server's host key changed since it was pinned; if the server was replaced, save the settings again to pin the new key",
    zh: '备份服务器的主机密钥与已固定的不同；如果服务器已更换，请重新保存设置以固定新密钥',
  },
  backupRemoteFailed: { en: 'The backup server refused to store the file', zh: '备份服务器拒绝保存文件' },
  backupArchiveDamaged: {
    en: 'The backup file is damaged or incomplete; nothing was restored',
    zh: '备份文件已损坏或不完整，未恢复任何数据',
  },
  backupArchiveNewer: {
    en: 'The backup was made by a newer console version; upgrade this console first',
    zh: '该备份由更新版本的控制台生成，请先升级本控制台',
  },
  backupArchiveOlder: {
    en: 'The backup was made by an older console version; restore it on that version, then upgrade',
    zh: '该备份由旧版本的控制台生成，请在该版本上恢复后再升级',
  },
  backupPartsMismatch: {
    en: "The backup's rows refer to data of a part it does not hold and this console no longer has; nothing was restored (restore a backup with that part too)",
    zh: '备份中的数据引用了其未包含、且本控制台已不存在的部分，未恢复任何数据（请恢复同时包含该部分的备份）',
  },
  backupArchiveMissing: { en: 'The backup file is no longer there', zh: '备份文件已不存在' },
  backupCancelled: { en: 'The operation was cancelled', zh: '操作已取消' },
  backupInterrupted: {
    en: 'The console instance running the operation stopped',
    zh: '执行该操作的控制台实例已停止',
  },
  backupNotCancellable: { en: 'The operation can no longer be cancelled', zh: '该操作已无法取消' },
  backupDatabaseRole: {
    en: 'The database user may not set session_replication_role, which a restore needs (see docs/backup.md)',
    zh: '数据库用户无权设置 session_replication_role，恢复需要该权限（见 docs/backup.md）',
  },
  backupFailedAlarm: { en: 'Backup failed', zh: '备份失败' },
  upgradeBadSignature: {
    en: 'The installation package is not signed with the release key; nothing was staged',
    zh: '安装包未使用发布密钥签名，未暂存任何内容',
  },
  upgradeDamaged: {
    en: 'The installation package is damaged or incomplete; nothing was staged',
    zh: '安装包已损坏或不完整，未暂存任何内容',
  },
  upgradeNotNewer: {
    en: 'The installation package is not newer than the running version; nothing was staged',
    zh: '安装包的版本不高于当前版本，未暂存任何内容',
  },
  upgradeDependencies: {
    en: 'The installation package needs other dependencies than this console has installed; nothing was staged',
    zh: '安装包需要与本控制台已安装的不同的依赖，未暂存任何内容',
  },
  upgradeNotStaged: {
    en: 'That version is not staged; upload its package first',
    zh: '该版本未暂存，请先上传其安装包',
  },
  upgradeInContainer: {
    en: 'This console runs in a container: upgrade it by pulling the newer image and recreating the container',
    zh: '本控制台运行在容器中：请拉取新版本镜像并重建容器来升级',
  },
  upgradeUnsupervised: {
    en: 'This console was not started with npm start or its systemd unit, which restart it on the new release',
    zh: '本控制台不是通过 npm start 或其 systemd 服务启动的，无法在新版本上重启',
  },
  apiCredentialUnknown: { en: 'Unknown API ID or API key', zh: 'API ID 或 API 密钥无效' },
  apiSignatureInvalid: { en: 'The request signature is invalid', zh: '请求签名无效' },
  apiRequestReplayed: {
    en: 'This request was already received (replayed request)',
    zh: '该请求已被接收过（重放请求）',
  },
  apiClockSkew: {
    en: 'The request timestamp differs from the server time by more than 5 minutes',
    zh: '请求时间戳与服务器时间相差超过 5 分钟',
  },
  apiKeyRevoked: { en: 'The API key has been revoked', zh: 'API 密钥已被吊销' },
  apiKeyExpired: { en: 'The API key has expired', zh: 'API 密钥已过期' },
  apiBearerNeedsHttps: {
    en: 'An API key as a bearer token is only accepted over HTTPS; sign the request instead',
    zh: 'API 密钥作为 Bearer 令牌仅可通过 HTTPS 使用，请改用签名请求',
  },
  apiAuthorizationInvalid: {
    en: 'The Authorization header is not a PF-HMAC-SHA256 signature or a bearer API key',
    zh: 'Authorization 头既不是 PF-HMAC-SHA256 签名，也不是 Bearer API 密钥',
  },
  apiRateLimited: {
    en: 'Too many requests with this API key; try again later',
    zh: '该 API 密钥的请求过多，请稍后再试',
  },
  apiCredentialNameExists: { en: 'The API credential name already exists', zh: 'API 凭据名称已存在' },
  apiExpiryPast: { en: 'The expiry time must be in the future', zh: '过期时间必须晚于当前时间' },
  portInvalid: {
    en: 'The port must be a whole number from 1 to 65535',
    zh: '端口必须是 1 到 65535 之间的整数',
  },
  httpsCertificateInvalid: { en: 'The certificate file cannot be read', zh: '无法读取证书文件' },
  httpsKeyInvalid: { en: 'The key file cannot be read', zh: '无法读取密钥文件' },
  httpsCaInvalid: { en: 'The CA file cannot be read', zh: '无法读取 CA 证书文件' },
  httpsKeyMismatch: { en: 'The key does not match the certificate', zh: '密钥与证书不匹配' },
  httpsPortUnavailable: { en: 'The port cannot be opened', zh: '无法打开该端口' },
  httpsSaved: {
    en: 'Saved: the console now answers on the new address',
    zh: '已保存：控制台已在新地址上提供服务',
  },
  feedbackSent: { en: 'Thank you, your feedback has been sent', zh: '感谢您的反馈，已发送' },
  httpsSavedExpired: {
    en: 'Saved, but the certificate has expired: browsers will warn until it is replaced',
    zh: '已保存，但证书已过期：在更换证书之前浏览器会发出警告',
  },
  // A file push none of whose devices' drivers write the file's URL (docs/firmware.md "Upgrade").
  firmwareNotReached: {
    en: 'These devices cannot be told the firmware’s address:',
    zh: '无法向这些设备下发固件地址：',
  },
  resourceNotReached: {
    en: 'These devices cannot be told the file’s address:',
    zh: '无法向这些设备下发文件地址：',
  },
} as const satisfies Record<string, { en: string; zh: string }>;

export type MessageKey = keyof typeof messages;

export function translate(key: MessageKey, language: Language): string {
  const entry = messages[key];
  return language === 'zh-CN' ? entry.zh : entry.en;
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(messages, value);
}
