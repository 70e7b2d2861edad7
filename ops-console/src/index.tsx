import { createRoot } from 'react-dom/client';
import '@henhouse/kit/tokens.css';
import './console.css';
import { App } from './App';

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
