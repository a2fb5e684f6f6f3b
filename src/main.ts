import { mount } from 'svelte';
import App from './App.svelte';
import { startApp } from './lib/startup';
import './app.css';

startApp();

export default mount(App, { target: document.getElementById('app')! });
