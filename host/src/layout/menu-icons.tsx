import {
  AlertOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CloudServerOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  ContactsOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  GlobalOutlined,
  HomeOutlined,
  InfoCircleOutlined,
  MedicineBoxOutlined,
  PhoneOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * Icons plugins may name in their manifest. `@ant-design/icons` is not a shared module (sharing it
 * would load every icon), so the host offers this set; an unknown name gets the default icon.
 */
const ICONS: Record<string, ReactNode> = {
  AlertOutlined: <AlertOutlined />,
  ApartmentOutlined: <ApartmentOutlined />,
  ApiOutlined: <ApiOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
  BarChartOutlined: <BarChartOutlined />,
  CloudServerOutlined: <CloudServerOutlined />,
  CloudUploadOutlined: <CloudUploadOutlined />,
  ClusterOutlined: <ClusterOutlined />,
  ContactsOutlined: <ContactsOutlined />,
  DatabaseOutlined: <DatabaseOutlined />,
  DesktopOutlined: <DesktopOutlined />,
  FileTextOutlined: <FileTextOutlined />,
  FolderOpenOutlined: <FolderOpenOutlined />,
  GlobalOutlined: <GlobalOutlined />,
  HomeOutlined: <HomeOutlined />,
  InfoCircleOutlined: <InfoCircleOutlined />,
  MedicineBoxOutlined: <MedicineBoxOutlined />,
  PhoneOutlined: <PhoneOutlined />,
  SafetyOutlined: <SafetyOutlined />,
  ScheduleOutlined: <ScheduleOutlined />,
  SettingOutlined: <SettingOutlined />,
  TeamOutlined: <TeamOutlined />,
  ToolOutlined: <ToolOutlined />,
  UserOutlined: <UserOutlined />,
};

export function menuIcon(name: string | undefined): ReactNode {
  return (name && ICONS[name]) || <AppstoreOutlined />;
}
