import { useLoaderData } from 'react-router';
import { to } from '@/lib/paths';
import { CategorySection } from '@/features/catalog';
import { messages } from '@/lib/messages';
import { usePageTitle } from '@/lib/page-title';
import type { homeLoader } from './catalog-loaders';

export function Component() {
  // Client loaders hand over their values as they are (no serialization), protobuf messages included.
  const { categories } = useLoaderData() as Awaited<ReturnType<typeof homeLoader>>;
  usePageTitle(undefined);
  return (
    <>
      <section className="hero">
        <h1>{messages.appName}</h1>
        <p>{messages.tagline}</p>
      </section>
      {categories.map((c, i) => (
        <CategorySection
          key={c.info.slug}
          category={c}
          moreLink={to('category', { category: c.info.slug })}
          first={i === 0}
        />
      ))}
    </>
  );
}
