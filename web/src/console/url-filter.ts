import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';

/**
 * A list's filter kept in the address, so a filtered list can be shared and survives a reload:
 * its values, a form bound to them, `apply` that writes the filled-in ones back, and `clear`.
 */
export function useUrlFilter<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const form = useForm<Record<string, string>>({ values });
  const apply = form.handleSubmit((v) => setParams(Object.fromEntries(keys.filter((k) => v[k]?.trim()).map((k) => [k, (v[k] ?? '').trim()]))));
  const clear = () => {
    form.reset();
    setParams({});
  };
  return { values, register: form.register, apply, clear };
}
