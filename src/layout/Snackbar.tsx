import { Notification } from 'react-admin';

/** react-admin's snackbar (MUI Snackbar, undo for undoable saves): its own chunk, loaded by AppNotification. */
export default Notification;
