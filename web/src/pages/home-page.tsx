import { useLoaderData, useNavigate } from 'react-router';
import { to } from '@/lib/paths';
import { CategorySection } from '@/features/catalog';
import { messages } from '@/lib/messages';
import { usePageTitle } from '@/lib/page-title';
import type { homeLoader } from './catalog-loaders';

export function Component() {
  // Client loaders hand over their values as they are (no serialization), protobuf messages included.
  const { city, categories } = useLoaderData() as Awaited<ReturnType<typeof homeLoader>>;
  const navigate = useNavigate();
  usePageTitle(undefined);
  const query = city ? `?city=${city}` : '';
  return (
    <>
      <section className="hero">
        <h1>{messages.appName}</h1>
        <p>{messages.tagline}</p>
        <div className="city-picker">
          <label htmlFor="city">{messages.catalog.city}</label>
          <select id="city" value={city} onChange={(e) => navigate(e.target.value ? `/?city=${e.target.value}` : '/', { replace: true })}>
            <option value="">{messages.catalog.allCities}</option>
            {Object.entries(messages.catalog.cities).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </section>
      {categories.map((c, i) => (
        <CategorySection
          key={c.info.slug}
          category={c}
          moreLink={to('category', { category: c.info.slug }) + query}
          first={i === 0}
        />
      ))}
    </>
  );
}
