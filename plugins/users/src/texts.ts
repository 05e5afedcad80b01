import { defineTexts, type TextKeyOf } from '@phonefleet/sdk/ui';

/** The users area's own words; the common ones (Add, Delete, Cancel ...) come from the UI kit. */
export const userText = defineTexts({
  title: { en: 'User', zh: '用户管理' },
  usersTab: { en: 'Users', zh: '用户' },
  rolesTab: { en: 'Roles', zh: '角色' },
  userName: { en: 'User name', zh: '用户名' },
  email: { en: 'Email', zh: '邮箱' },
  role: { en: 'Role', zh: '角色' },
  dataPermission: { en: 'Data permission', zh: '数据权限' },
  chosenSites: { en: 'Chosen sites', zh: '指定站点' },
  sitesRequired: { en: 'Choose at least one site', zh: '请至少选择一个站点' },
  status: { en: 'Status', zh: '状态' },
  activated: { en: 'Activated', zh: '已激活' },
  inactivated: { en: 'Inactivated', zh: '未激活' },
  primary: { en: 'Primary', zh: '主账号' },
  keywords: { en: 'User name or email', zh: '用户名或邮箱' },
  addUser: { en: 'Add user', zh: '添加用户' },
  editUser: { en: 'Edit user', zh: '编辑用户' },
  forbid: { en: 'Forbid', zh: '禁用' },
  activate: { en: 'Activate', zh: '激活' },
  forbidQuestion: {
    en: 'Forbid the {count} selected user(s)? They can no longer sign in until activated again.',
    zh: '确定禁用选中的 {count} 个用户吗？重新激活前他们将无法登录。',
  },
  activateQuestion: { en: 'Activate the {count} selected user(s)?', zh: '确定激活选中的 {count} 个用户吗？' },
  deleteUsers: { en: 'Delete users', zh: '删除用户' },
  deleteUsersQuestion: {
    en: 'Delete the {count} selected user(s)? They can no longer sign in.',
    zh: '确定删除选中的 {count} 个用户吗？他们将无法再登录。',
  },
  sendActivation: { en: 'Send activation email', zh: '发送激活邮件' },
  sendReset: { en: 'Send reset email', zh: '发送重置邮件' },
  emailSent: { en: 'The email has been sent to {email}', zh: '邮件已发送至 {email}' },
  activationSentTo: {
    en: 'The user has been added: an activation email was sent to {email}',
    zh: '用户已添加：激活邮件已发送至 {email}',
  },
  emailInvalid: { en: 'Please fill in the email address correctly!', zh: '请正确填写邮箱地址！' },
  emailTooLong: { en: 'At most 128 characters', zh: '最多 128 个字符' },
  userNotFound: { en: 'The user does not exist', zh: '用户不存在' },
  // Roles
  roleName: { en: 'Role name', zh: '角色名称' },
  users: { en: 'Users', zh: '用户数' },
  builtin: { en: 'Built-in', zh: '内置' },
  builtinReadOnly: {
    en: 'A built-in role cannot be edited: it is shown as it is.',
    zh: '内置角色不可编辑，仅供查看。',
  },
  view: { en: 'View', zh: '查看' },
  addRole: { en: 'Add role', zh: '添加角色' },
  editRole: { en: 'Edit role', zh: '编辑角色' },
  roleKeywords: { en: 'Role name', zh: '角色名称' },
  functionPermissions: { en: 'Function permissions', zh: '功能权限' },
  resource: { en: 'Resource', zh: '资源' },
  permissionButtons: { en: 'Permission buttons', zh: '权限按钮' },
  permissionsRequired: { en: 'Choose at least one resource', zh: '请至少选择一项资源' },
  deleteRoles: { en: 'Delete roles', zh: '删除角色' },
  deleteRolesQuestion: {
    en: 'Delete the {count} selected role(s)? A role still held by users is not deleted.',
    zh: '确定删除选中的 {count} 个角色吗？仍有用户使用的角色不会被删除。',
  },
  roleNotFound: { en: 'The role does not exist', zh: '角色不存在' },
  // Permission buttons by name (the platform's button names).
  btn_add: { en: 'Add', zh: '添加' },
  btn_edit: { en: 'Edit', zh: '编辑' },
  btn_delete: { en: 'Delete', zh: '删除' },
  btn_forbid: { en: 'Forbid', zh: '禁用' },
  btn_import: { en: 'Import', zh: '导入' },
  btn_export: { en: 'Export', zh: '导出' },
  btn_push: { en: 'Push', zh: '推送' },
  btn_setParam: { en: 'Set parameters', zh: '设置参数' },
  btn_reboot: { en: 'Reboot', zh: '重启' },
  btn_factoryReset: { en: 'Factory reset', zh: '恢复出厂' },
  btn_upgrade: { en: 'Upgrade', zh: '升级' },
  btn_transfer: { en: 'Transfer', zh: '转移' },
  // Personal info
  personalInfo: { en: 'Personal info', zh: '个人信息' },
  basicInfo: { en: 'Basic information', zh: '基本信息' },
  organisation: { en: 'Organization', zh: '所属组织' },
  modifyEmail: { en: 'Modify email', zh: '修改邮箱' },
  newEmail: { en: 'New email', zh: '新邮箱' },
  sameEmail: { en: 'This is already your email address', zh: '这已经是您的邮箱地址' },
  emailLinkSent: {
    en: 'A confirmation link was sent to {email}: open it to finish the change',
    zh: '确认链接已发送至 {email}，打开链接即可完成修改',
  },
  modifyPassword: { en: 'Modify password', zh: '修改密码' },
  oldPassword: { en: 'Current password', zh: '当前密码' },
  newPassword: { en: 'New password', zh: '新密码' },
  confirmPassword: { en: 'Confirm password', zh: '确认密码' },
  passwordEmpty: { en: 'Password cannot be empty!', zh: '密码不能为空！' },
  passwordRule: {
    en: 'The password must be 8-20 characters and contain at least three of: uppercase letters, lowercase letters, digits, special characters',
    zh: '密码长度为 8-20 位，且至少包含大写字母、小写字母、数字、特殊字符中的三种',
  },
  passwordMismatch: { en: 'The two passwords are inconsistent!', zh: '两次输入的密码不一致！' },
  passwordSaved: { en: 'Password modified successfully!', zh: '密码修改成功！' },
  timeZoneHint: { en: 'The time zone is chosen in the footer.', zh: '时区在页面底部选择。' },
});

export type UserTextKey = TextKeyOf<typeof userText>;

/** A permission button's name in the session's language (unknown names as they are). */
export function buttonLabel(t: (key: UserTextKey) => string, button: string): string {
  const key = `btn_${button}`;
  return NAMED_BUTTONS.has(key) ? t(key as UserTextKey) : button;
}

const NAMED_BUTTONS = new Set([
  'btn_add',
  'btn_edit',
  'btn_delete',
  'btn_forbid',
  'btn_import',
  'btn_export',
  'btn_push',
  'btn_setParam',
  'btn_reboot',
  'btn_factoryReset',
  'btn_upgrade',
  'btn_transfer',
]);
