// What a component test does to a screen as a user would: click, type, pick, choose a file; and what
// it reads back: a field's value, a select's choice, the validation messages under a field.
import { act } from 'react';
import { expect } from 'vitest';
import { settle, waitFor } from './ui.js';

export const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`);

/** The button whose text is `text` (white space ignored: antd spaces two-letter labels). */
export const buttonNamed = (text: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find(
    (button) => button.textContent?.replace(/\s/g, '') === text.replace(/\s/g, ''),
  );

export async function click(element: Element | null | undefined): Promise<void> {
  if (!element) throw new Error('nothing to click');
  await act(async () => (element as HTMLElement).click());
  await settle(30);
}

/**
 * Types into the input or text area whose id is `field` (antd gives a form field the field name as
 * id).
 */
export async function type(field: string, text: string): Promise<void> {
  const input = document.getElementById(field);
  if (!input) throw new Error(`no field ${field}`);
  const prototype =
    input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Leaves the field whose id is `field` (what an `onBlur` check waits for). */
export async function leave(field: string): Promise<void> {
  const input = document.getElementById(field);
  if (!input) throw new Error(`no field ${field}`);
  await act(async () => {
    input.dispatchEvent(new FocusEvent('blur', { bubbles: false }));
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
  await settle(30);
}

/** The value an input shows, by its id. */
export const shownValue = (field: string) =>
  (document.getElementById(field) as HTMLInputElement | null)?.value;

/** What an antd Select shows as chosen, for the field whose input has this id. */
export const choiceOf = (field: string) =>
  document
    .getElementById(field)
    ?.closest('.ant-select')
    ?.querySelector('.ant-select-selection-item')
    ?.getAttribute('title');

/** Opens the antd Select or TreeSelect of a field and picks the option with this title. */
export async function choose(field: string, title: string): Promise<void> {
  const select = document.getElementById(field)?.closest('.ant-select');
  if (!select) throw new Error(`no select ${field}`);
  await act(async () => {
    select
      .querySelector('.ant-select-selector')
      ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  let option: Element | undefined;
  await waitFor(() => {
    option = [
      ...document.querySelectorAll('.ant-select-item-option, .ant-select-tree-node-content-wrapper'),
    ].find((candidate) => candidate.getAttribute('title') === title);
    expect(option).toBeDefined();
  });
  await click(option);
}

/** Chooses a file in the file input inside `container` (an antd Upload), as the file dialog would. */
export async function chooseFile(container: Element | null, file: File): Promise<void> {
  const input = container?.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle(30);
}

/** The validation messages under a field ('' when none), without those fading out. */
export const errorOf = (field: string) =>
  [...document.querySelectorAll(`[id="${field}_help"] .ant-form-item-explain-error`)]
    .filter((node) => !/-leave/.test(node.className))
    .map((node) => node.textContent)
    .join(' | ');
