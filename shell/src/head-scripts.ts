// The inline scripts of the shell's page, in its head. A production build lists them in
// page-assets.json, and the gateway writes them into every page, its policy allowing them by hash;
// the dev server's page carries them itself.
export const headScripts = [
  // A form the server answers (data-server-form: the news search, the page forms of decision 0036)
  // goes as the browser sends it while the page's code is on its way; any other one its code has not
  // handled (not prevented) is held, and sent once by that form's code as it hydrates (useSchemaForm).
  // On window, bubbling: after React's own listener on the root.
  `addEventListener('submit',function(e){var f=e.target;if(e.defaultPrevented||f.hasAttribute('data-server-form'))return;e.preventDefault();window.partyHeldSubmit={form:f,submitter:e.submitter}})`,
  // Content first: a page the server composed lists its code in #party-assets; it is all fetched at
  // once once the page has been painted, so that nothing competes with what the visitor sees first
  // (docs/decisions/0020). The remotes' manifests are fetched here and handed to the federation
  // runtime (early-manifests.ts): WebKit never reuses a preload for fetch().
  `addEventListener('DOMContentLoaded',function(){var l=document.getElementById('party-assets');if(!l)return;var a=JSON.parse(l.textContent),d=0;function add(t,p){var e=document.createElement(t);for(var k in p)e[k]=p[k];document.head.appendChild(e)}function go(){if(d)return;d=1;a.preload.forEach(function(h){add('link',{rel:'preload',as:'script',href:h})});var m=window.partyManifests={};a.fetch.forEach(function(h){m[h]=fetch(h);m[h].catch(function(){})});a.scripts.forEach(function(s){add('script',{src:s,async:false})})}function painted(){requestAnimationFrame(function(){setTimeout(go,0)})}if(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes.indexOf('paint')>=0)new PerformanceObserver(painted).observe({type:'paint',buffered:true});else painted();setTimeout(go,1000)})`,
];
