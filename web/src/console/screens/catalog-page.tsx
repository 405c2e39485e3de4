import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Field, SelectField, TextAreaField } from '@/components/form/field';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@/lib/i18n';
import { FormFooter } from '@/components/form/form-footer';
import { PlanCard } from '@/features/catalog';
import { refusal } from '@/lib/api/refusal';
import { formatVnd } from '@/lib/format';
import { messages } from '@/lib/messages';
import { useModal } from '@/lib/modals';
import { useToast } from '@/lib/toasts';
import { actions, Category, PhotoShape, useCatalogue, useCategorySeasons, type CatalogPlan } from '../api';
import { saveText } from '../download';
import { consoleMessages } from '../messages';
import { PhotoField } from '../photo-field';
import { photoAt } from '@/lib/photos';
import { FormError } from '@/components/form/form-error';
import { NEW_SEASON, SeasonsFields, seasonsFromForm, seasonsToForm, type SeasonValue } from '../seasons-fields';

const m = consoleMessages.catalog;
const CATEGORIES: [Category, string][] = [
  [Category.SHUTTLE, 'shuttle'],
  [Category.CHARTER, 'charter'],
  [Category.ESCORT, 'escort'],
  [Category.DRAGON_MASSAGE, 'massage'],
];

/** Admins' catalogue: plans by category, each editable with a preview of the customer's card;
 * therapists taken off or put back on. The catalogue file stays for bulk changes. */
export function CatalogPage() {
  const { data, error } = useCatalogue();
  const [category, setCategory] = useState(Category.SHUTTLE);
  if (error) return <p className="form-error">{consoleMessages.loadFailed}</p>;
  if (!data) return <p className="muted">{messages.loading}</p>;
  const plans = data.plans.filter((p) => p.plan?.category === category);
  return (
    <div>
      <h1>{consoleMessages.nav.catalog}</h1>
      <div className="console-tabs" role="tablist" aria-label={m.plans}>
        {CATEGORIES.map(([c, slug]) => (
          <button key={slug} type="button" role="tab" aria-selected={c === category} onClick={() => setCategory(c)}>
            {consoleMessages.categories[slug]}
          </button>
        ))}
      </div>
      <ul className="console-list" data-testid="plans">
        {plans.map((p) => (
          <PlanRow key={p.plan?.id} entry={p} />
        ))}
      </ul>
      <CategorySeasonsForm key={category} category={category} />
      {category === Category.DRAGON_MASSAGE && <Therapists list={data.therapists} bios={data.bios} spoken={data.spokenLanguages} />}
      <MissingTranslations list={data.missing} />
      <CatalogFile />
    </div>
  );
}

function PlanRow({ entry }: { entry: CatalogPlan }) {
  const [open, setOpen] = useState(false);
  const plan = entry.plan;
  if (!plan) return null;
  const capacity = plan.vehicle ? plan.vehicle.seats : entry.maxPeople;
  return (
    <li className="card console-plan" data-plan={plan.id}>
      <div className="console-plan-head">
        <div>
          <strong>{plan.name}</strong>
          <span className="small muted">
            {' '}
            {messages.joined(plan.id, `${m.from} ${formatVnd(plan.fromPriceVnd)}`, `${m.capacity} ${capacity}`)}
          </span>
        </div>
        <span className="console-row">
          <span className={plan.active ? 'badge badge-success' : 'badge badge-warning'}>{plan.active ? m.active : m.inactive}</span>
          <button type="button" className="button button-small button-secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? m.close : m.edit}
          </button>
        </span>
      </div>
      {open && <PlanEditor entry={entry} />}
    </li>
  );
}

interface Values {
  name: string;
  summary: string;
  description: string;
  rates: { minutes: number; price: string }[];
  seats: string;
  luggage: string;
  maxPeople: string;
  active: boolean;
  /** Date ranges that cost more: a share of the rate, or a fixed sum. */
  seasons: SeasonValue[];
}

/** A plan's words as kept in `language` (zh-TW's are its own; a translation's may be empty). */
function wordsIn(entry: CatalogPlan, language: Language) {
  return entry.words.find((w) => w.language === language) ?? { name: '', summary: '', description: '' };
}

function PlanEditor({ entry }: { entry: CatalogPlan }) {
  const plan = entry.plan!;
  const modal = useModal();
  const toast = useToast();
  const [error, setError] = useState<string>();
  const [images, setImages] = useState(entry.imageSources);
  // The words are edited one language at a time; the rest of the plan is the same in all.
  const [language, setLanguage] = useState<Language>(DEFAULT_LANGUAGE);
  const own = wordsIn(entry, DEFAULT_LANGUAGE);
  const { register, control, handleSubmit, formState, setValue } = useForm<Values>({
    defaultValues: {
      name: own.name,
      summary: own.summary,
      description: own.description,
      rates: entry.rates.map((r) => ({ minutes: r.minutes, price: String(r.priceVnd) })),
      seats: String(plan.vehicle?.seats ?? ''),
      luggage: String(plan.vehicle?.luggage ?? ''),
      maxPeople: String(entry.maxPeople),
      active: plan.active,
      seasons: seasonsToForm(entry.seasons),
    },
  });
  const { fields } = useFieldArray({ control, name: 'rates' });
  const seasons = useFieldArray({ control, name: 'seasons' });
  const values = useWatch({ control });
  const rates = values.rates ?? [];
  const digits = (s: string) => BigInt(s.replace(/[^\d-]/g, '') || '0');
  // The customer's card as it will look: the same component the site draws it with.
  const lowest = rates.map((r) => digits(r.price ?? '0')).reduce((a, b) => (b < a ? b : a), digits(rates[0]?.price ?? '0'));
  const chooseLanguage = (next: Language) => {
    const words = wordsIn(entry, next);
    setValue('name', words.name);
    setValue('summary', words.summary);
    setValue('description', words.description);
    setLanguage(next);
  };
  const translated = language !== DEFAULT_LANGUAGE;
  const preview = {
    ...plan,
    name: values.name || own.name,
    summary: values.summary || (translated ? own.summary : ''),
    fromPriceVnd: lowest,
    images: images.map((url) => photoAt(url, 640)),
    vehicle: plan.vehicle ? { ...plan.vehicle, seats: Number(values.seats) || 0, luggage: Number(values.luggage) || 0 } : undefined,
  };
  const submit = handleSubmit(async (v) => {
    setError(undefined);
    if (!(await modal.confirm({ message: m.saveAsk(v.name || own.name) }))) return;
    try {
      await actions.updatePlan({
        planId: plan.id,
        language,
        name: v.name,
        summary: v.summary,
        description: v.description,
        rates: v.rates.map((r) => ({ minutes: r.minutes, priceVnd: digits(r.price) })),
        ...(plan.vehicle ? { seats: Number(v.seats), luggage: Number(v.luggage) } : { maxPeople: Number(v.maxPeople) }),
        active: v.active,
        images: { urls: images },
        seasons: { seasons: seasonsFromForm(v.seasons) },
      });
      toast(m.saved, 'success');
    } catch (e) {
      setError(refusal(e, consoleMessages.failed));
    }
  });
  return (
    <div className="console-plan-editor">
      <form className="console-form" onSubmit={submit} data-testid="plan-form">
        <WordsLanguage value={language} onChange={chooseLanguage} />
        <Field label={m.name} placeholder={translated ? own.name : undefined} {...register('name', { required: !translated })} />
        <Field label={m.summary} placeholder={translated ? own.summary : undefined} {...register('summary')} />
        <TextAreaField label={m.description} rows={4} placeholder={translated ? own.description : undefined} {...register('description')} />
        <fieldset className="console-fieldset">
          <legend>{m.rates}</legend>
          {fields.map((f, i) => (
            <Field key={f.id} label={m.minutes(f.minutes)} inputMode="numeric" {...register(`rates.${i}.price`, { required: true })} />
          ))}
        </fieldset>
        {plan.vehicle ? (
          <div className="field-row">
            <Field label={m.seats} inputMode="numeric" {...register('seats')} />
            <Field label={m.luggage} inputMode="numeric" {...register('luggage')} />
          </div>
        ) : (
          <Field label={m.maxPeople} inputMode="numeric" {...register('maxPeople')} />
        )}
        <SeasonsFields
          fields={seasons.fields}
          add={() => seasons.append(NEW_SEASON)}
          remove={seasons.remove}
          field={(i, key) => register(`seasons.${i}.${key}`, { required: true })}
          legend={m.seasons}
          hint={m.seasonsHint}
          testId="plan-seasons"
        />
        <PhotoField label={m.photos} urls={images} onChange={setImages} shape={PhotoShape.WIDE} max={8} />
        <label className="console-check">
          <input type="checkbox" {...register('active')} /> {m.active}
        </label>
        <FormFooter error={error} busy={formState.isSubmitting} label={m.save} block={false} />
      </form>
      <div>
        <h3 className="small muted">{m.preview}</h3>
        <PlanCard plan={preview} />
      </div>
    </div>
  );
}

type TherapistEntry = NonNullable<ReturnType<typeof useCatalogue>['data']>['therapists'][number];

type Bio = NonNullable<ReturnType<typeof useCatalogue>['data']>['bios'][number];

function Therapists({ list, bios, spoken }: { list: TherapistEntry[]; bios: Bio[]; spoken: string[] }) {
  const [editing, setEditing] = useState<string>();
  const modal = useModal();
  const toast = useToast();
  const toggle = async (id: string, name: string, on: boolean) => {
    if (!(await modal.confirm({ message: m.therapistAsk(name, on) }))) return;
    try {
      await actions.setTherapistActive(id, on);
      toast(consoleMessages.done, 'success');
    } catch (e) {
      toast(refusal(e, consoleMessages.failed), 'error');
    }
  };
  return (
    <section className="card form-card">
      <h2>{m.therapists}</h2>
      <ul className="console-audit" data-testid="therapists">
        {list.map((t) => (
          <li key={t.id} data-therapist={t.id}>
            <strong>
              {t.name} <span className={t.active ? 'badge badge-success' : 'badge badge-warning'}>{t.active ? m.active : m.inactive}</span>
            </strong>
            <span className="small muted">
              {messages.joined(`${m.languages} ${messages.list(t.languages.map(m.spoken))}`, `${m.skills} ${messages.list(t.skills)}`)}
            </span>
            <span className="small">
              {m.hours}{' '}
              {consoleMessages.hours(t.hours.map((h) => `${consoleMessages.days(h.days.map((d) => m.days[d] ?? d))} ${h.from}–${h.until}`))}
            </span>
            <span className="console-row">
              <button type="button" className="button button-small button-secondary" onClick={() => void toggle(t.id, t.name, !t.active)}>
                {t.active ? m.takeOff : m.putOn}
              </button>
              <button
                type="button"
                className="button button-small button-secondary"
                aria-expanded={editing === t.id}
                onClick={() => setEditing(editing === t.id ? undefined : t.id)}
              >
                {editing === t.id ? m.close : m.editTherapist}
              </button>
            </span>
            {editing === t.id && <TherapistEditor therapist={t} bios={bios.filter((b) => b.therapistId === t.id)} spoken={spoken} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

interface TherapistValues {
  languages: string[];
  name: string;
  skills: string;
  bio: string;
  hours: { days: string[]; from: string; until: string }[];
}

/** Her languages and weekly hours, and her name, skills and bio in one language, replaced at once
 * (the finder offers her by them). */
function TherapistEditor({ therapist, bios, spoken }: { therapist: TherapistEntry; bios: Bio[]; spoken: string[] }) {
  const toast = useToast();
  const [error, setError] = useState<string>();
  const [language, setLanguage] = useState<Language>(DEFAULT_LANGUAGE);
  const wordsIn = (l: Language) => {
    const kept = bios.find((b) => b.language === l);
    return { name: kept?.name ?? '', skills: (kept?.skills ?? []).join(', '), bio: kept?.bio ?? '' };
  };
  const own = wordsIn(DEFAULT_LANGUAGE);
  // As uploaded (288 wide, the size the server answers an upload with); shown at 144.
  const [photos, setPhotos] = useState(therapist.photos);
  const { register, control, handleSubmit, formState, setValue } = useForm<TherapistValues>({
    defaultValues: {
      languages: [...therapist.languages],
      ...own,
      hours: therapist.hours.map((h) => ({ days: [...h.days], from: h.from, until: h.until })),
    },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'hours' });
  const list = (s: string) => s.split(/[,，、]/).map((x) => x.trim()).filter(Boolean);
  const submit = handleSubmit(async (v) => {
    setError(undefined);
    try {
      await actions.updateTherapist(therapist.id, {
        languages: v.languages,
        name: v.name,
        skills: list(v.skills),
        hours: v.hours,
        photos,
        bio: v.bio,
        language,
      });
      toast(m.saved, 'success');
    } catch (e) {
      setError(refusal(e, consoleMessages.failed));
    }
  });
  // A translation left empty shows zh-TW's words, as its readers get them.
  const fallback = (words: string) => (language === DEFAULT_LANGUAGE ? undefined : words);
  return (
    <form className="console-form" onSubmit={submit} data-testid="therapist-form">
      <PhotoField label={m.photo} urls={photos} onChange={setPhotos} shape={PhotoShape.SQUARE} max={8} />
      <fieldset className="console-fieldset">
        <legend>{m.languages}</legend>
        <div className="console-row">
          {spoken.map((code) => (
            <label key={code} className="console-check">
              <input type="checkbox" value={code} {...register('languages')} /> {m.spoken(code)}
            </label>
          ))}
        </div>
      </fieldset>
      <WordsLanguage
        value={language}
        onChange={(next) => {
          const words = wordsIn(next);
          setValue('name', words.name);
          setValue('skills', words.skills);
          setValue('bio', words.bio);
          setLanguage(next);
        }}
      />
      <Field label={m.name} placeholder={fallback(own.name)} {...register('name', { required: language === DEFAULT_LANGUAGE })} />
      <Field label={m.skills} hint={m.skillsHint} placeholder={fallback(own.skills)} {...register('skills')} />
      <TextAreaField label={m.bio} rows={3} placeholder={fallback(own.bio)} {...register('bio')} />
      {fields.map((f, i) => (
        <fieldset key={f.id} className="console-fieldset">
          <legend>{m.shift(i + 1)}</legend>
          <div className="console-row">
            {DAYS.map((d) => (
              <label key={d} className="console-check">
                <input type="checkbox" value={d} {...register(`hours.${i}.days`)} /> {m.days[d]}
              </label>
            ))}
          </div>
          <div className="field-row">
            <Field label={m.shiftFrom} type="time" {...register(`hours.${i}.from`, { required: true })} />
            <Field label={m.shiftUntil} type="time" {...register(`hours.${i}.until`, { required: true })} />
          </div>
          <button type="button" className="button button-small button-secondary" onClick={() => remove(i)}>
            {m.removeShift}
          </button>
        </fieldset>
      ))}
      <button type="button" className="button button-small button-secondary" onClick={() => append({ days: [], from: '10:00', until: '22:00' })}>
        {m.addShift}
      </button>
      <FormFooter error={error} busy={formState.isSubmitting} label={m.saveTherapist} block={false} />
    </form>
  );
}

/** Which language an editor's words are in; an empty translation shows the zh-TW words. */
function WordsLanguage({ value, onChange }: { value: Language; onChange: (l: Language) => void }) {
  return (
    <SelectField
      label={m.wordsLanguage}
      hint={m.wordsHint}
      value={value}
      onChange={(e) => onChange(e.target.value as Language)}
      options={LANGUAGES.map((l) => ({ value: l, label: messages.nav.languages[l] }))}
    />
  );
}

type Missing = NonNullable<ReturnType<typeof useCatalogue>['data']>['missing'][number];

/** What customers of each language read in zh-TW for want of a translation. */
function MissingTranslations({ list }: { list: Missing[] }) {
  return (
    <section className="card form-card" data-testid="missing-translations">
      <h2>{m.missing}</h2>
      {list.length === 0 ? (
        <p className="muted">{m.missingNone}</p>
      ) : (
        <>
          <p className="small muted">{m.missingCount(list.length)}</p>
          <ul className="console-audit">
            {list.map((x) => (
              <li key={`${x.kind}-${x.id}-${x.language}`} data-missing={`${x.id} ${x.language}`}>
                <strong>{messages.labelled(m.kind[x.kind] ?? x.kind, x.name)}</strong>
                <span className="small">
                  {messages.joined(messages.nav.languages[x.language as Language] ?? x.language, m.missingFields(messages.list(x.fields.map(m.field))))}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The whole catalogue as the file the shell's import and export use: for bulk changes. */
function CatalogFile() {
  const toast = useToast();
  const [error, setError] = useState<string>();
  const download = async () => {
    setError(undefined);
    try {
      saveText(await actions.exportCatalog(), 'application/toml', 'catalogue.toml');
    } catch (e) {
      setError(refusal(e, consoleMessages.failed));
    }
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    try {
      const done = await actions.importCatalog(await file.text());
      toast(m.imported(done.planCount, done.therapistCount), 'success');
    } catch (e) {
      setError(refusal(e, consoleMessages.failed));
    }
  };
  return (
    <section className="card form-card console-form" data-testid="catalog-file">
      <h2>{m.file}</h2>
      <p className="small muted">{m.fileHint}</p>
      <div className="console-row">
        <button type="button" className="button button-small button-secondary" onClick={() => void download()}>
          {m.export}
        </button>
        <label className="button button-small button-secondary">
          {m.import}
          <input type="file" accept=".toml,text/plain" hidden onChange={(e) => void upload(e.target.files?.[0])} />
        </label>
      </div>
      <FormError error={error} />
    </section>
  );
}

/** The seasons of the whole category shown: every plan of it costs more on their days, unless
 * the plan's own seasons cover the day. */
function CategorySeasonsForm({ category }: { category: Category }) {
  const { data } = useCategorySeasons();
  const kept = data?.find((c) => c.category === category);
  if (!data) return null;
  return <CategorySeasonsEditor category={category} seasons={seasonsToForm(kept?.seasons ?? [])} />;
}

function CategorySeasonsEditor({ category, seasons: initial }: { category: Category; seasons: SeasonValue[] }) {
  const toast = useToast();
  const [error, setError] = useState<string>();
  const { register, control, handleSubmit, formState } = useForm<{ seasons: SeasonValue[] }>({ defaultValues: { seasons: initial } });
  const seasons = useFieldArray({ control, name: 'seasons' });
  const submit = handleSubmit(async (v) => {
    setError(undefined);
    try {
      await actions.setCategorySeasons(category, seasonsFromForm(v.seasons));
      toast(m.saved, 'success');
    } catch (e) {
      setError(refusal(e, consoleMessages.failed));
    }
  });
  return (
    <form className="console-form" onSubmit={submit} data-testid="category-seasons">
      <SeasonsFields
        fields={seasons.fields}
        add={() => seasons.append(NEW_SEASON)}
        remove={seasons.remove}
        field={(i, key) => register(`seasons.${i}.${key}`, { required: true })}
        legend={m.categorySeasons}
        hint={m.categorySeasonsHint}
        testId="category-seasons-fields"
      />
      <FormFooter error={error} busy={formState.isSubmitting} label={m.saveCategorySeasons} block={false} />
    </form>
  );
}
