// MUI X date pickers (React): a DatePicker and a TimeField, each drawn as
// one contenteditable spinbutton a part (month, day, year; hours,
// minutes, AM/PM) inside the group its label names.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import Button from '@mui/material/Button';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimeField } from '@mui/x-date-pickers/TimeField';
import dayjs from 'dayjs';

function App() {
  const [date, setDate] = useState(dayjs('2025-06-01'));
  const [time, setTime] = useState(dayjs('2025-06-01T09:30'));
  const [out, setOut] = useState('');
  const ok = (v) => v && v.isValid();
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <h1>Airport transfer</h1>
      <div className="row"><DatePicker label="Departure" value={date} onChange={setDate} /></div>
      <div className="row"><TimeField label="Pickup time" value={time} onChange={setTime} /></div>
      <Button variant="contained" onClick={() => setOut(`Booked: ${ok(date) ? date.format('YYYY-MM-DD') : 'no date'} ${ok(time) ? time.format('HH:mm') : 'no time'}`)}>Book</Button>
      <p role="status">{out}</p>
    </LocalizationProvider>
  );
}

createRoot(document.getElementById('root')).render(<App />);
