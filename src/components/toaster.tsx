import { createRoot } from 'react-dom/client';
import { Toaster, toast } from 'sonner';
// sonner's own stylesheet as a file: its runtime <style> injection is stripped in vite.config.ts
// because the CSP (style-src 'self') refuses inline styles.
import 'sonner/dist/styles.css';

let mounted = false;

/** Loaded on first use (see notify.ts): mounts the toaster once, beside the page. */
export function showToast(title: string, description: string) {
  if (!mounted) {
    mounted = true;
    const host = document.createElement('div');
    document.body.append(host);
    createRoot(host).render(
      <Toaster
        position="bottom-center"
        toastOptions={{
          classNames: {
            toast: '!rounded-card !border-0 !bg-night !text-cream !font-sans',
            title: '!text-step-0 !font-bold',
            description: '!text-cream/80',
            icon: '!text-accent',
          },
        }}
      />,
    );
  }
  toast.success(title, { description });
}
