import type { OrganisationTreeNode } from '@phonefleet/sdk';
import { apiRequest } from '@phonefleet/sdk/ui/core';
import { Modal, TreeSelect, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useConsole } from '../app/console-context.js';

interface PickerNode {
  value: number;
  title: string;
  selectable: boolean;
  disabled?: boolean;
  children?: PickerNode[];
}

function pickerTree(nodes: readonly OrganisationTreeNode[]): PickerNode[] {
  return nodes.map((node) => ({
    value: node.id,
    title: node.name,
    // Channels group enterprises; only an enterprise the caller may enter is chosen (spec §6).
    selectable: node.enterable,
    // An enterprise that has not authorized the channel is shown greyed: clicking it does nothing.
    ...(node.type === 'enterprise' && !node.enterable ? { disabled: true } : {}),
    ...(node.children.length > 0 ? { children: pickerTree(node.children) } : {}),
  }));
}

/**
 * Administrators and channel users enter an enterprise (spec §6): the tree of channels and
 * enterprises (`GET /tb-channel-enter/getUserTrees`), then `POST /enterTheEnterprise` and the console
 * reloads in that enterprise. Loaded lazily from the header.
 */
export default function EnterprisePicker({ onClose }: { onClose(): void }) {
  const { t } = useConsole();
  const [tree, setTree] = useState<OrganisationTreeNode[]>();
  const [chosen, setChosen] = useState<number>();
  const [entering, setEntering] = useState(false);
  useEffect(() => {
    apiRequest<OrganisationTreeNode>('GET', '/tb-channel-enter/getUserTrees')
      .then((reply) => setTree(reply.result.rows))
      .catch(() => setTree([]));
  }, []);
  const treeData = useMemo(() => pickerTree(tree ?? []), [tree]);

  const enter = async () => {
    if (chosen === undefined) return;
    setEntering(true);
    try {
      await apiRequest('POST', '/enterTheEnterprise', { body: { id: chosen } });
      // Every area's data changes: start the console again at home.
      window.location.assign('/');
    } catch {
      setEntering(false); // shown by the api client
    }
  };

  return (
    <Modal
      open
      title={t('enterEnterpriseTitle')}
      okText={t('enter')}
      cancelText={t('cancel')}
      onOk={() => void enter()}
      onCancel={onClose}
      okButtonProps={{ disabled: chosen === undefined, loading: entering, id: 'enter-ok' }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('enterEnterpriseHint')}</Typography.Paragraph>
      <TreeSelect<number>
        data-testid="enterprise-tree"
        style={{ width: '100%' }}
        loading={tree === undefined}
        treeData={treeData}
        value={chosen}
        onChange={setChosen}
        showSearch
        treeNodeFilterProp="title"
        treeDefaultExpandAll
        placeholder={t('enterEnterprise')}
      />
    </Modal>
  );
}
