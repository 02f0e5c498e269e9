import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogTitle } from './dialog';

/** A dialog opened from a card's button by state, as most are here: no Radix trigger to return to. */
function CardWithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Elsewhere</button>
      <button type="button" onClick={() => setOpen(true)}>
        Edit dates
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? (
          <DialogContent aria-describedby={undefined}>
            <DialogTitle>Edit dates</DialogTitle>
            <input aria-label="From" />
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}

describe('a dialog', () => {
  it('gives focus back to the button that opened it when it closes, from the keyboard or the mouse', async () => {
    const user = userEvent.setup();
    render(<CardWithDialog />);
    const opener = screen.getByRole('button', { name: 'Edit dates' });

    await user.tab();
    await user.tab();
    expect(opener).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Edit dates' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Edit dates' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });
});
