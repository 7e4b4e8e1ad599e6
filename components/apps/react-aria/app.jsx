// React Aria Components: a DateField and a TimeField, each a group of
// spinbutton segments named after the field ("month, Check-in").
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, DateField, DateInput, DateSegment, Label, TimeField } from 'react-aria-components';
import { parseDate, Time } from '@internationalized/date';

function App() {
  const [date, setDate] = useState(parseDate('2025-06-01'));
  const [time, setTime] = useState(new Time(9, 30));
  const [out, setOut] = useState('');
  return (
    <main>
      <h1>Hotel stay</h1>
      <DateField value={date} onChange={setDate}>
        <Label>Check-in</Label>
        <DateInput>{(s) => <DateSegment segment={s} />}</DateInput>
      </DateField>
      <TimeField value={time} onChange={setTime}>
        <Label>Arrival time</Label>
        <DateInput>{(s) => <DateSegment segment={s} />}</DateInput>
      </TimeField>
      <Button onPress={() => setOut(`Saved: ${date ? date.toString() : 'no date'} ${time ? time.toString().slice(0, 5) : 'no time'}`)}>Save</Button>
      <p role="status">{out}</p>
    </main>
  );
}

createRoot(document.getElementById('root')).render(<App />);
