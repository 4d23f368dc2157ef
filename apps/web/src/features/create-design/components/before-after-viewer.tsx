// the viewer moved to components/ so that the post page shows it too
export { BeforeAfterViewer, ImageFrame, WorkingSheen } from '@/components/before-after/before-after-viewer';
