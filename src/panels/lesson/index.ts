export { LessonPanel, type LessonPanelProps } from './LessonPanel.tsx';
