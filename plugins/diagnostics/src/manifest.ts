import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
// The power and path are those of the access module's resource catalogue (no permission buttons).
export default defineUiPlugin({
  id: 'diagnostics',
  title: { en: 'Diagnostics', 'zh-CN': '设备诊断' },
  sdk: '^1.0.0',
  menu: [
    {
      path: '/diagnostics',
      subRoutes: {
        diagnosisInterface: { en: 'Diagnosis', 'zh-CN': '诊断界面' },
      },
      power: 'diagnostics',
      title: { en: 'Diagnostics', 'zh-CN': '设备诊断' },
      icon: 'MedicineBoxOutlined',
      order: 20,
      buttons: [],
    },
  ],
});
