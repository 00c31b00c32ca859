import './room.css';
import { createRoot } from 'react-dom/client';
import { RoomApp } from './room-app';

/** The owner's room's script: not a prerendered page (nothing of it is public), drawn here. */
const root = document.getElementById('room');
if (root) createRoot(root).render(<RoomApp path={window.location.pathname.replace(/\/+$/, '')} />);
