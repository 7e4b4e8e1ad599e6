// Mantine (React): tabs, a text input, a searchable Select (an editable
// combobox with a portal dropdown) and a checkbox.
import '@mantine/core/styles.css';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, Checkbox, MantineProvider, Select, Stack, Tabs, TextInput, Title } from '@mantine/core';

function App() {
  const [service, setService] = useState('Lunch');
  const [name, setName] = useState('');
  const [restaurant, setRestaurant] = useState(null);
  const [terrace, setTerrace] = useState(false);
  const [out, setOut] = useState('');
  const book = () =>
    setOut(`Booked: service=${service}, name=${name}, restaurant=${restaurant || ''}, terrace=${terrace ? 'yes' : 'no'}`);
  return (
    <Stack p="lg" maw={420}>
      <Title order={1}>Book a table</Title>
      <Tabs value={service} onChange={setService}>
        <Tabs.List>
          <Tabs.Tab value="Lunch">Lunch</Tabs.Tab>
          <Tabs.Tab value="Dinner">Dinner</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="Lunch">Served from noon to 2 pm.</Tabs.Panel>
        <Tabs.Panel value="Dinner">Served from 7 pm to 11 pm.</Tabs.Panel>
      </Tabs>
      <TextInput label="Your name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <Select label="Restaurant" placeholder="Pick one" searchable data={['Le Bouchon', 'La Mère Brazier', 'Café Comptoir', 'Paul Bocuse']} value={restaurant} onChange={setRestaurant} />
      <Checkbox label="Terrace seating" checked={terrace} onChange={(e) => setTerrace(e.currentTarget.checked)} />
      <Button onClick={book}>Book</Button>
      <p role="status">{out}</p>
    </Stack>
  );
}

createRoot(document.getElementById('root')).render(<MantineProvider><App /></MantineProvider>);
