export { HotelPhotos } from './components/hotel-photos';
export { MassageSummary } from './components/massage-summary';
export { TherapistGallery } from './components/therapist-gallery';
export { TherapistPicker, type TherapistChoice } from './components/therapist-picker';
export { useImageUrl } from './hooks';
