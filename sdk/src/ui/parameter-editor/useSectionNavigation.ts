import { type RefObject, useCallback, useMemo, useState } from 'react';
import type { ParameterConfig, ParameterTree, TabKey } from '../../catalogue/types.js';
import { type ConfigIssue, sectionErrorMessage } from '../../validation/config.js';
import { locate, type SectionRef, sectionIssues } from './model.js';
import type { ShowError } from './texts.js';

/**
 * Where the GUI is: tab, the section chosen on each tab, account, and the phone key row to show.
 * Leaving the current section (sidebar, tab, account) is blocked while it fails validation.
 */
export function useSectionNavigation(
  tree: ParameterTree,
  configRef: RefObject<ParameterConfig>,
  say: ShowError,
) {
  const firstTab = tree.tabs[0]?.key ?? 'account';
  const [tab, setTab] = useState<TabKey>(firstTab);
  const [sectionByTab, setSectionByTab] = useState<Partial<Record<TabKey, string>>>({});
  const [account, setAccount] = useState(1);
  const [keyFocus, setKeyFocus] = useState<{ row: string } | undefined>();

  const tabNode = tree.tabs.find((t) => t.key === tab) ?? tree.tabs[0];
  const sectionKey = sectionByTab[tab] ?? tabNode?.sections[0]?.key ?? '';
  const section = tabNode?.sections.find((s) => s.key === sectionKey);
  const currentRef = useMemo<SectionRef>(
    () => (tab === 'account' ? { tab, section: sectionKey, account } : { tab, section: sectionKey }),
    [tab, sectionKey, account],
  );

  const canLeave = useCallback((): boolean => {
    const issues = sectionIssues(tree, configRef.current, currentRef);
    if (issues.length === 0) return true;
    say(sectionErrorMessage(issues));
    return false;
  }, [tree, configRef, currentRef, say]);

  const changeTab = (key: string) => {
    if (key === tab || !canLeave()) return;
    setTab(key as TabKey);
  };
  const changeSection = (key: string) => {
    if (key === sectionKey || !canLeave()) return;
    setSectionByTab((prev) => ({ ...prev, [tab]: key }));
  };
  const changeAccount = (no: number) => {
    if (no === account || !canLeave()) return;
    setAccount(no);
  };

  /** Moves the GUI to where an issue is (tab, section, account, phone key page). */
  const reveal = (issue: ConfigIssue) => {
    const where = locate(tree, issue.path);
    if (!where) return;
    setTab(where.ref.tab);
    setSectionByTab((prev) => ({ ...prev, [where.ref.tab]: where.ref.section }));
    if (where.ref.account) setAccount(where.ref.account);
    if (where.keyRow) setKeyFocus({ row: where.keyRow });
  };

  return {
    tab,
    tabNode,
    sectionKey,
    section,
    account,
    keyFocus,
    currentRef,
    changeTab,
    changeSection,
    changeAccount,
    reveal,
  };
}

export type SectionNavigation = ReturnType<typeof useSectionNavigation>;
