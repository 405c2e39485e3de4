import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Order } from '@/gen/booking/v1/order_pb';
import { refusal } from '@/lib/api/refusal';
import { messages } from '@/lib/messages';
import { orderMessages } from '@/lib/order-messages';
import { setInvoiceCompany, useOrderInvoices } from '../api/invoice-api';

const m = orderMessages.invoice;

interface Form {
  name: string;
  taxCode: string;
  address: string;
}

/** Confirm step: the customer may ask for the e-invoice to be made out to their company (its
 * name, tax code and address), kept by the server before payment; the server checks the tax
 * code's digits and says what is wrong. */
export function CompanyInvoice({ order }: { order: Order }) {
  const { data } = useOrderInvoices(order.id);
  const saved = data?.company;
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const { register, handleSubmit, formState } = useForm<Form>({
    values: { name: saved?.name ?? '', taxCode: saved?.taxCode ?? '', address: saved?.address ?? '' },
  });
  const save = handleSubmit(async (form) => {
    setError(undefined);
    try {
      await setInvoiceCompany(order.id, form);
      setOpen(false);
    } catch (e) {
      setError(refusal(e, messages.errors.network));
    }
  });
  const clear = async () => {
    setError(undefined);
    try {
      await setInvoiceCompany(order.id);
    } catch (e) {
      setError(refusal(e, messages.errors.network));
    }
  };
  if (saved && !open) {
    return (
      <p className="company-invoice" data-testid="company-invoice">
        {m.saved(saved.name, saved.taxCode)}{' '}
        <button type="button" className="button-link" onClick={() => setOpen(true)}>
          {m.edit}
        </button>{' '}
        <button type="button" className="button-link" onClick={() => void clear()}>
          {m.remove}
        </button>
        {error && <span className="form-error">{error}</span>}
      </p>
    );
  }
  if (!open) {
    return (
      <p className="company-invoice">
        <button type="button" className="button-link" onClick={() => setOpen(true)}>
          {m.ask}
        </button>
      </p>
    );
  }
  return (
    <form className="company-invoice" onSubmit={(e) => void save(e)} noValidate>
      <label htmlFor="invoice-name">{m.name}</label>
      <input id="invoice-name" autoComplete="organization" maxLength={200} {...register('name')} />
      <label htmlFor="invoice-tax-code">{m.taxCode}</label>
      <input id="invoice-tax-code" inputMode="numeric" autoComplete="off" maxLength={20} {...register('taxCode')} />
      <label htmlFor="invoice-address">{m.address}</label>
      <input id="invoice-address" autoComplete="street-address" maxLength={300} {...register('address')} />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-secondary" disabled={formState.isSubmitting}>
        {m.save}
      </button>
    </form>
  );
}
