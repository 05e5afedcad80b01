// @vitest-environment happy-dom
import { Button, Form, Input } from 'antd';
import { act } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderInConsole, waitFor } from '../../testing/ui.js';
import { apiRequest } from '../api.js';
import { FormShell } from './FormShell.js';
import { useFormShell } from './use-form-shell.js';

/** A throwaway add form: one name, saved to /note/add, then back to the list. */
function NoteForm() {
  const [form] = Form.useForm<{ name: string }>();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const shell = useFormShell({ form, cancelTo: '/note', fieldErrors: { groupNameExists: 'name' } });
  const save = () =>
    shell.submit(async (values) => {
      await apiRequest('POST', '/note/add', { body: values });
      navigate('/note');
    });
  return (
    <>
      <span data-testid="at">{pathname}</span>
      <Link to="/elsewhere">Elsewhere</Link>
      <FormShell
        shell={shell}
        title="Add note"
        testId="note-form"
        buttons={
          <Button type="primary" onClick={save}>
            Save
          </Button>
        }
      >
        <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Required' }]}>
          <Input />
        </Form.Item>
      </FormShell>
    </>
  );
}

/** Every call answers with this refusal. */
function refuseWith(message: string): void {
  vi.stubGlobal('fetch', async () =>
    Response.json({ code: 40000, message, messageExt: null, result: { rows: [] } }),
  );
}

const at = () => document.querySelector('[data-testid=at]')?.textContent;
const button = (text: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text);

async function type(text: string): Promise<void> {
  const input = document.querySelector<HTMLInputElement>('#name') as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

describe('the kit add/edit form', () => {
  it('shows a refusal on the field it names, and one about nothing above the form', async () => {
    refuseWith('The group name already exists');
    await renderInConsole(<NoteForm />, { buttons: {}, path: '/note/addNote' });
    await type('Lobby');
    await act(async () => button('Save')?.click());
    await waitFor(() =>
      expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toBe(
        'The group name already exists',
      ),
    );
    expect(document.querySelector('[data-testid=note-form-error]')).toBeNull();

    refuseWith('The site has data, please transfer it first');
    await act(async () => button('Save')?.click());
    await waitFor(() =>
      expect(document.querySelector('[data-testid=note-form-error]')?.textContent).toContain(
        'The site has data, please transfer it first',
      ),
    );
    expect(at()).toBe('/note/addNote');
  });

  it('asks before leaving a changed form; Cancel leaves without asking', async () => {
    refuseWith('unused');
    await renderInConsole(<NoteForm />, { buttons: {}, path: '/note/addNote' });
    await type('Lobby');
    await act(async () => document.querySelector<HTMLAnchorElement>('a[href="/elsewhere"]')?.click());
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain('Unsaved changes'),
    );
    const stay = button('Stay');
    expect(stay).toBeDefined();
    await act(async () => stay?.click());
    expect(at()).toBe('/note/addNote');

    // No second question: the closed one is all there is.
    const asked = document.querySelectorAll('.ant-modal-confirm').length;
    await act(async () => button('Cancel')?.click());
    await waitFor(() => expect(at()).toBe('/note'));
    expect(document.querySelectorAll('.ant-modal-confirm')).toHaveLength(asked);
  });
});
