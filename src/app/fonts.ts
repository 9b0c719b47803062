// Tajawal, served with the app so Arabic never falls back to whatever font the machine has.
// Only the weights the theme uses: regular text, Mantine's medium labels and buttons, headings.
import '@fontsource/tajawal/400.css';
import '@fontsource/tajawal/500.css';
import '@fontsource/tajawal/700.css';
