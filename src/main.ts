import { mount } from 'svelte';
import App from './App.svelte';
import { appStatus } from './lib/app-status.svelte';
import './app.css';

appStatus.start();

export default mount(App, { target: document.getElementById('app')! });
