export { loadCategory, loadHome, loadPlan, type CategoryWithPlans } from './api/catalog-api';
export { PlanDetails } from './components/plan-details';
export { NoMatch, PlanFilters, useFilteredPlans } from './components/plan-filters';
export { useBookingTerms } from './terms';
export { CategorySection } from './components/category-section';
export { PlanCard } from './components/plan-card';
