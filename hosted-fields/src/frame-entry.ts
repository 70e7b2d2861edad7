// The frame document's script (/payments/2.8.0/frame.js).
import './frame.css';
import { start } from './frame';

start();
