import { useLoaderData } from 'react-router';
import { to } from '@/app/paths';
import { CategorySection, loadHome } from '@/features/catalog';
import { messages } from '@/lib/messages';

export async function loader() {
  return { categories: await loadHome() };
}

export function Component() {
  // Client loaders hand over their values as they are (no serialization), protobuf messages included.
  const { categories } = useLoaderData() as Awaited<ReturnType<typeof loader>>;
  return (
    <>
      <section className="hero">
        <h1>{messages.appName}</h1>
        <p>{messages.tagline}</p>
      </section>
      {categories.map((c) => (
        <CategorySection key={c.info.slug} category={c} moreLink={to('category', { category: c.info.slug })} />
      ))}
    </>
  );
}
