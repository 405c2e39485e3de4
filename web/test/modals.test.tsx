import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '@/app/modals/modal-host';
import { useModal, type ModalConfig, type ModalKind } from '@/lib/modals';

/** A page that opens one modal and shows how it was answered. */
function Opener({ kind, config }: { kind: ModalKind; config: ModalConfig }) {
  const modal = useModal();
  const [answer, setAnswer] = useState('');
  return (
    <>
      <button type="button" onClick={async () => setAnswer(String(await modal[kind](config)))}>
        open
      </button>
      <output>{answer}</output>
    </>
  );
}

function open(kind: ModalKind, config: ModalConfig) {
  render(
    <Provider store={createStore()}>
      <Opener kind={kind} config={config} />
      <ModalHost />
    </Provider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'open' }));
}


afterEach(cleanup);

describe('the global modals', () => {
  it.each<[ModalKind, string, number]>([
    ['question', 'dialog', 300],
    ['confirm', 'dialog', 390],
    ['warning', 'alertdialog', 390],
  ])('%s has the spec width', async (kind, role, width) => {
    open(kind, { message: '內容' });
    const dialog = await screen.findByRole(role);
    expect(dialog.style.maxWidth).toBe(`${width}px`);
    expect(dialog.textContent).toContain('內容');
  });

  it('defaults to 取消 and 確定 and answers true on confirm', async () => {
    const onConfirm = vi.fn();
    open('confirm', { message: '確定要取消訂單嗎？', onConfirm });
    expect(screen.getByRole('button', { name: '取消' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '確定' }));
    await vi.waitFor(() => expect(document.querySelector('output')?.textContent).toBe('true'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes its own button texts and answers false on cancel', async () => {
    const onCancel = vi.fn();
    open('warning', { message: '注意', cancelText: '返回', confirmText: '仍要刪除', onCancel });
    expect(screen.getByRole('button', { name: '仍要刪除' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    await vi.waitFor(() => expect(document.querySelector('output')?.textContent).toBe('false'));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('the question modal has one button; Escape closes it as a cancel', async () => {
    open('question', { message: '如何付款？' });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelectorAll('button')).toHaveLength(1);
    fireEvent.keyDown(document, { key: 'Escape' });
    await vi.waitFor(() => expect(document.querySelector('output')?.textContent).toBe('false'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
