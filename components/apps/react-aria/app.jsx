// React Aria Components: a DateField and a TimeField (groups of
// spinbutton segments named after the field, "month, Check-in"), a
// Select (a listbox button and a popover), a ComboBox, a RadioGroup, a
// Switch, a Checkbox and a Slider (its native range input hidden inside
// the thumb it draws).
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Button, Checkbox, ComboBox, DateField, DateInput, DateSegment, Input, Label, ListBox, ListBoxItem, Popover,
  Radio, RadioGroup, Select, SelectValue, Slider, SliderOutput, SliderThumb, SliderTrack, Switch, TimeField,
} from 'react-aria-components';
import { parseDate, Time } from '@internationalized/date';

function App() {
  const [date, setDate] = useState(parseDate('2025-06-01'));
  const [time, setTime] = useState(new Time(9, 30));
  const [room, setRoom] = useState(null);
  const [city, setCity] = useState(null);
  const [bed, setBed] = useState('double');
  const [quiet, setQuiet] = useState(false);
  const [terms, setTerms] = useState(false);
  const [floor, setFloor] = useState(2);
  const [out, setOut] = useState('');
  const save = () => setOut(`Saved: ${date ? date.toString() : 'no date'} ${time ? time.toString().slice(0, 5) : 'no time'}, ` +
    `room=${room}, city=${city}, bed=${bed}, quiet=${quiet}, terms=${terms}, floor=${floor}`);
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
      <Select selectedKey={room} onSelectionChange={setRoom}>
        <Label>Room</Label>
        <Button><SelectValue /><span aria-hidden="true"> ▾</span></Button>
        <Popover><ListBox><ListBoxItem id="single">Single</ListBoxItem><ListBoxItem id="suite">Suite</ListBoxItem><ListBoxItem id="loft">Loft</ListBoxItem></ListBox></Popover>
      </Select>
      <ComboBox selectedKey={city} onSelectionChange={setCity}>
        <Label>City</Label>
        <div><Input /><Button>▾</Button></div>
        <Popover><ListBox><ListBoxItem id="paris">Paris</ListBoxItem><ListBoxItem id="berlin">Berlin</ListBoxItem><ListBoxItem id="lisbon">Lisbon</ListBoxItem></ListBox></Popover>
      </ComboBox>
      <RadioGroup value={bed} onChange={setBed}>
        <Label>Bed</Label>
        <Radio value="single">Single bed</Radio><Radio value="double">Double bed</Radio><Radio value="twin">Twin beds</Radio>
      </RadioGroup>
      <Switch isSelected={quiet} onChange={setQuiet}>Quiet room</Switch>
      <Checkbox isSelected={terms} onChange={setTerms}>I accept the terms</Checkbox>
      <Slider value={floor} onChange={setFloor} minValue={0} maxValue={10}>
        <Label>Floor</Label><SliderOutput />
        <SliderTrack className="track"><SliderThumb className="thumb" /></SliderTrack>
      </Slider>
      <Button onPress={save}>Save</Button>
      <p role="status">{out}</p>
    </main>
  );
}

createRoot(document.getElementById('root')).render(<App />);
