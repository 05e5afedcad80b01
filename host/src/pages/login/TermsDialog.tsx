import { Modal, Typography } from 'antd';
import { useConsole } from '../../app/console-context.js';

export interface TermsDialogProps {
  open: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Terms of use, accepted once per browser before the first sign-in (spec §1). */
export function TermsDialog({ open, onConfirm, onCancel }: TermsDialogProps) {
  const { t } = useConsole();
  return (
    <Modal
      open={open}
      title={t('termsTitle')}
      okText={t('confirm')}
      cancelText={t('cancel')}
      onOk={onConfirm}
      onCancel={onCancel}
      maskClosable={false}
      width={600}
    >
      <Typography.Paragraph>{t('termsBody1')}</Typography.Paragraph>
      <Typography.Paragraph>{t('termsBody2')}</Typography.Paragraph>
    </Modal>
  );
}
