export { loadCategory, loadHome, type CategoryWithPlans } from './api/catalog-api';
export { CategorySection } from './components/category-section';
export { PlanCard } from './components/plan-card';
