import { Modal, Typography } from 'antd';

export interface InfoDialogProps {
  open: boolean;
  title: string;
  body: string;
  okText: string;
  onClose(): void;
}

/** The privacy policy and feedback texts of the login page. */
export function InfoDialog({ open, title, body, okText, onClose }: InfoDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onOk={onClose}
      onCancel={onClose}
      okText={okText}
      footer={(_, { OkBtn }) => <OkBtn />}
    >
      <Typography.Paragraph>{body}</Typography.Paragraph>
    </Modal>
  );
}
