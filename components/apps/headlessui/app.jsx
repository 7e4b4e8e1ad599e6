// Headless UI (React): tabs, a Listbox (a listbox button whose options
// are anchored in a portal), a Switch with its Label, and a Dialog.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Dialog, DialogPanel, DialogTitle, Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions,
  Switch, Tab, TabGroup, TabList, TabPanel, TabPanels,
} from '@headlessui/react';

const people = ['Grace Hopper', 'Alan Turing', 'Katherine Johnson', 'Linus Torvalds'];

function App() {
  const [assignee, setAssignee] = useState(people[0]);
  const [alerts, setAlerts] = useState(false);
  const [open, setOpen] = useState(false);
  const [out, setOut] = useState('');
  const save = () => {
    setOpen(false);
    setOut(`Saved: assignee=${assignee}, email alerts=${alerts ? 'on' : 'off'}`);
  };
  return (
    <main>
      <h1>Settings</h1>
      <TabGroup>
        <TabList>
          <Tab>Profile</Tab>
          <Tab>Notifications</Tab>
        </TabList>
        <TabPanels>
          <TabPanel><p>Your profile is public.</p></TabPanel>
          <TabPanel>
            <Field className="field">
              <Label>Default assignee</Label>
              <Listbox value={assignee} onChange={setAssignee}>
                <ListboxButton className="listbox-button">{assignee}</ListboxButton>
                <ListboxOptions anchor="bottom start" className="options">
                  {people.map((p) => <ListboxOption key={p} value={p}>{p}</ListboxOption>)}
                </ListboxOptions>
              </Listbox>
            </Field>
            <Field className="field">
              <Switch checked={alerts} onChange={setAlerts} className="switch"><span /></Switch>
              <Label>Email alerts</Label>
            </Field>
            <button onClick={() => setOpen(true)}>Save settings</button>
          </TabPanel>
        </TabPanels>
      </TabGroup>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <div className="backdrop" />
        <DialogPanel className="panel">
          <DialogTitle>Save these settings?</DialogTitle>
          <button onClick={() => setOpen(false)}>Cancel</button> <button onClick={save}>Save</button>
        </DialogPanel>
      </Dialog>
      <p role="status">{out}</p>
    </main>
  );
}

createRoot(document.getElementById('root')).render(<App />);
