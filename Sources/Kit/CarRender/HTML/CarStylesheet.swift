import Foundation
import WaysideData

/// The stylesheet that makes the rendered HTML read as a CarPlay screen, in day and night.
///
/// Sizes are in points of the display profile (one CSS pixel is one point; the page scales
/// the whole display to fit).
///
/// Sourced sizes (carplay-facts.md §4). The fact sheet's display section gives the displays
/// and the largest images, and no text, row or control size:
/// - The profiles' displays: §4 "Displays, scale, appearance" (748×456 and 800×480 @2x,
///   1920×720 and 900×1200 @3x; 960×540 and 1280×720 common).
/// - Grid icon 40×40 pt (`.grid-image`): §4 "Asset maximums".
/// - Now Playing button image 20 pt (`.np-button .glyph`): §4 "Asset maximums".
/// - Tab bar icon at most 24 pt (`.tab .glyph`, about 16 pt): §4 "Asset maximums".
/// - First maneuver symbol at most 50 pt (the maneuver's glyph, about 19 pt) and contact
///   action buttons at most 50 pt (drawn as text buttons): §4 "Asset maximums".
///
/// Every other size is an ESTIMATE, read from CarPlay's screens and Apple's HIG pictures, and
/// chosen conservatively (the smaller figure where pictures differ, so that no more fits on a
/// display than a head unit of that size shows): body text 15–16 pt and secondary text
/// 12–13 pt, titles 17 pt, navigation bar 44 pt (36 pt on the short displays), rows 48 pt
/// (40 pt), map buttons 44 pt, Now Playing transport 44×40 pt and artwork up to 38% of the
/// width. "Short" displays (``CarHTMLRenderer/isCompact(_:)``, 748×456, 800×480 and 960×540 at
/// @2x: at most 270 pt tall) take the smaller figures so that what a head unit of that size
/// shows fits: three rows of a list, Now Playing with all its controls, two details of a
/// station.
package enum CarStylesheet {
  /// CSS for `.car` fragments produced by ``CarHTMLRenderer``.
  public static let css = """
    @font-face{font-family:"Wayside Inter";src:url(/assets/fonts/Inter-Regular.otf) format("opentype");font-weight:400;font-display:block}
    @font-face{font-family:"Wayside Inter";src:url(/assets/fonts/Inter-SemiBold.otf) format("opentype");font-weight:600;font-display:block}
    @font-face{font-family:"Wayside Inter";src:url(/assets/fonts/Inter-Bold.otf) format("opentype");font-weight:700;font-display:block}
    @font-face{font-family:"Wayside Icons";src:url(/assets/fonts/MaterialIcons-Regular.woff2) format("woff2");font-display:block}
    .car{--bg:#f2f2f7;--panel:#ffffff;--row:#ffffff;--row-hi:#e5e5ea;--text:#000;--sub:#6c6c70;--sep:#d1d1d6;--accent:#0a84ff;--dock:#e5e5ea;--danger:#ff3b30;--ok:#34c759;--focus-fill:rgba(10,132,255,.22);
      position:relative;display:flex;overflow:hidden;border-radius:14px;background:var(--bg);color:var(--text);
      font-family:"Wayside Inter",-apple-system,"SF Pro Text",sans-serif;font-size:15px;box-shadow:0 0 0 6px #111,0 8px 30px rgba(0,0,0,.45);user-select:none}
    .car.night{--bg:#000;--panel:#1c1c1e;--row:#1c1c1e;--row-hi:#2c2c2e;--text:#fff;--sub:#98989f;--sep:#38383a;--accent:#0a84ff;--dock:#111113;--focus-fill:rgba(10,132,255,.4)}
    .car button{font:inherit;color:inherit;background:none;border:0;cursor:pointer;text-align:left}
    .car button[disabled],.car .disabled{opacity:.4;cursor:default}
    .dock{width:56px;flex:none;background:var(--dock);display:flex;flex-direction:column;align-items:center;padding:8px 0;gap:10px}
    .dock .clock{font-weight:600;font-size:13px}
    .dock-app{width:38px;height:38px;border-radius:9px;background:linear-gradient(#34c759,#1f8a4c);color:#fff;display:flex;align-items:center;justify-content:center;font-weight:700;font-size:18px}
    .dock-apps{display:flex;flex-direction:column;gap:8px;align-items:center}
    .dock-app.icon,.dock-app.now-playing-app{padding:0;background:none;overflow:visible;text-align:center}
    .dock-app.current .app-icon{box-shadow:0 0 0 2px var(--dock),0 0 0 4px var(--accent)}
    .dock-app.now-playing-app{background:var(--row-hi) !important;color:var(--accent);border-radius:9px}
    .app-icon{display:block;width:100%;height:100%;border-radius:22%;overflow:hidden;flex:none}
    .app-icon svg{display:block;width:100%;height:100%}
    .app-icon.plain{background:linear-gradient(#8e8e93,#636366);color:#fff;display:flex;align-items:center;justify-content:center;font-size:22px;overflow:visible}
    .home-grid{flex:1;display:grid;grid-template-columns:repeat(auto-fill,minmax(92px,1fr));align-content:start;align-content:safe center;justify-items:center;gap:14px 6px;padding:16px;overflow:auto;min-height:0}
    .home-app{display:flex;flex-direction:column;align-items:center;gap:6px;width:92px;text-align:center !important;padding:4px;border-radius:12px}
    .home-app .app-icon{width:60px;height:60px}.home-app .app-icon.plain{font-size:32px}
    .app-name{font-size:12px;max-width:88px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
    .handoff{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:8px;padding:20px;text-align:center;background:linear-gradient(var(--bg),var(--row-hi));min-height:0;overflow:hidden}
    .handoff-app{display:flex;align-items:center;gap:8px;font-weight:600;color:var(--sub);font-size:14px}.handoff-app .glyph{font-size:30px;color:var(--accent)}
    .handoff-title{font-size:20px;font-weight:700;overflow-wrap:anywhere;max-width:90%}
    .handoff-detail{color:var(--sub);font-size:14px;overflow-wrap:anywhere}.handoff-note{color:var(--sub);font-size:12px;max-width:80%}
    .dock .home{margin-top:auto;font-size:22px;width:40px;height:40px;border-radius:10px;text-align:center}
    .dock .lock{font-size:14px}
    .screen{position:relative;flex:1;display:flex;flex-direction:column;min-width:0}
    .notification-banner{position:absolute;top:8px;left:50%;transform:translateX(-50%);width:min(92%,560px);z-index:30;display:flex;flex-direction:column;align-items:flex-start;gap:2px;padding:10px 16px;border:0;border-radius:16px;background:var(--row-hi);color:var(--text);box-shadow:0 6px 24px rgba(0,0,0,.35);text-align:left;font:inherit;cursor:pointer}
    .notification-banner .nb-app{font-size:13px;font-weight:600;color:var(--sub)}
    .notification-banner .nb-title{font-size:17px;font-weight:700}
    .notification-banner .nb-body{font-size:15px;color:var(--sub)}
    .tabs{display:flex;gap:4px;padding:6px 10px;height:32px;flex:none;background:var(--panel);border-bottom:1px solid var(--sep)}
    .tab{flex:1;border-radius:8px !important;text-align:center !important;font-size:13px;display:flex;align-items:center;justify-content:center;gap:5px;color:var(--sub) !important;position:relative}
    .tab{min-width:0;overflow:hidden;padding:0 4px}.tab-title{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
    .car.portrait .tab{flex-direction:column;gap:0;font-size:10px;line-height:1.1}.car.portrait .tab .glyph{font-size:16px}
    .tab.selected{background:var(--row-hi) !important;color:var(--text) !important;font-weight:600}
    .tab .badge{width:7px;height:7px;border-radius:4px;background:var(--danger);position:absolute;top:5px;right:12px}
    .template{position:relative;flex:1;display:flex;flex-direction:column;min-height:0}
    .navbar{display:flex;align-items:center;height:44px;flex:none;padding:0 8px;gap:6px}
    .navbar h1{flex:1;text-align:center;font-size:17px;font-weight:600;margin:0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
    .nav-leading,.nav-trailing{display:flex;gap:4px;min-width:80px}.nav-trailing{justify-content:flex-end}
    .back,.bar{color:var(--accent) !important;padding:6px 8px;border-radius:8px;white-space:nowrap}
    .bar.rounded{background:var(--row-hi) !important}
    .list{flex:1;overflow-y:auto;padding:0 10px 10px;min-height:0}
    .car .list,.car .information dl,.car .card-body,.car .away{scrollbar-width:thin;scrollbar-color:var(--sub) transparent}
    .scroll-indicator{position:absolute;width:4px;border-radius:2px;background:var(--sub);opacity:.75;pointer-events:none;z-index:4}
    .list section{margin-bottom:8px}
    .list h2{font-size:13px;font-weight:600;color:var(--sub);text-transform:uppercase;margin:8px 6px 4px}
    .list h2 small{text-transform:none;font-weight:400;margin-left:6px}
    .row{display:flex;align-items:center;gap:10px;width:100%;min-height:48px;padding:6px 10px;background:var(--row) !important;border-bottom:1px solid var(--sep) !important;box-sizing:border-box}
    .row:active,.row:hover{background:var(--row-hi) !important}
    .row-image,.pin-number{width:32px;height:32px;flex:none;border-radius:7px;background:var(--row-hi);display:flex;align-items:center;justify-content:center;font-size:18px}
    .pin-number{border-radius:16px;background:#1a7a43;color:#fff;font-weight:700;font-size:14px}
    .car .poi-panel .row .pin-number{color:#fff !important}
    .row-text{flex:1;display:flex;flex-direction:column;min-width:0}
    .row-text .text{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;font-size:16px}
    .row-text .detail,.detail{color:var(--sub);font-size:13px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
    .explicit{font-size:10px;border:1px solid var(--sub);border-radius:3px;padding:0 3px;color:var(--sub)}
    .accessory{color:var(--sub);font-size:22px}
    .playing{color:var(--accent)}
    .progress{display:block;height:4px;border-radius:2px;background:var(--sep);margin-top:4px;overflow:hidden}
    .progress span{display:block;height:100%;background:var(--accent)}
    .spinner{width:18px;height:18px;border-radius:50%;border:3px solid var(--sep);border-top-color:var(--accent);animation:spin .8s linear infinite;flex:none}
    .spinner.big{width:34px;height:34px}
    @keyframes spin{to{transform:rotate(360deg)}}
    .empty,.launch,.away{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:6px;text-align:center;padding:20px;min-height:0;overflow-wrap:anywhere}
    .away{justify-content:flex-start;overflow-y:auto;padding:16px 20px}.away-title{margin-top:auto}.away .reopen{margin-bottom:auto;flex:none}
    .away-sub{max-width:100%;overflow-wrap:anywhere;display:-webkit-box;-webkit-line-clamp:6;-webkit-box-orient:vertical;overflow:hidden}
    .empty-title,.away-title{font-size:20px;font-weight:600}.empty-sub,.away-sub{color:var(--sub)}
    .reopen{color:var(--accent) !important;margin-top:10px}
    .image-row{background:var(--row);padding:6px 10px;border-bottom:1px solid var(--sep)}
    .image-row-images{display:flex;gap:8px;margin-top:6px;overflow:hidden}
    .tile{display:flex;flex-direction:column;align-items:center;font-size:12px;color:var(--sub) !important}
    .tile-image{width:64px;height:64px;border-radius:8px;background:var(--row-hi);display:flex;align-items:center;justify-content:center;font-size:26px}
    .grid,.pinned{display:grid;grid-template-columns:repeat(4,1fr);gap:10px;padding:14px}
    .grid.two-rows{grid-template-rows:1fr 1fr}
    .grid-button{display:flex !important;flex-direction:column;align-items:center;justify-content:center;gap:6px;background:var(--row) !important;border-radius:12px;padding:10px;text-align:center !important}
    .grid-image{font-size:30px;width:40px;height:40px;display:flex;align-items:center;justify-content:center}
    .information{flex:1;display:flex;flex-direction:column;padding:0 14px 10px;min-height:0}
    .information dl{flex:1;margin:0 -8px;overflow-y:auto}
    .information.twoColumn dl{display:grid;grid-template-columns:1fr 1fr;column-gap:16px;align-content:start}
    .info-item{padding:6px 8px;border-bottom:1px solid var(--sep)}
    .info-item dt{color:var(--sub);font-size:13px}.info-item dd{margin:0;font-size:16px}
    .actions,.card-buttons,.contact-actions{display:flex;gap:8px;padding-top:8px}
    .text-button{flex:1;text-align:center !important;padding:10px 8px;border-radius:10px;background:var(--row-hi) !important;font-weight:600}
    .text-button.confirm,.text-button.primary{background:var(--accent) !important;color:#fff !important}
    .text-button.cancel{color:var(--sub) !important}
    .text-button.destructive{color:var(--danger) !important}
    .poi,.map-template{position:relative;flex:1;overflow:hidden}
    .map-layer{position:absolute;inset:0}
    .map-layer svg{display:block;width:100%;height:100%}
    .map-layer img.map-base,.map-layer svg.map-overlay,.phone-map img.map-base,.phone-map svg.map-overlay{position:absolute;inset:0;display:block;width:100%;height:100%}
    .phone-map{position:relative}
    .poi-panel{position:absolute;left:8px;top:8px;background:var(--panel);border-radius:12px;display:flex;flex-direction:column;overflow:hidden;box-shadow:0 2px 10px rgba(0,0,0,.3);z-index:2}
    .poi-panel .list{padding:0 6px 6px}
    .poi-panel .navbar{height:auto;min-height:44px}.poi-panel .navbar h1{text-align:left;padding-left:6px;white-space:normal;font-size:15px;line-height:1.25;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;text-overflow:ellipsis}.poi-panel .nav-leading,.poi-panel .nav-trailing{min-width:0}.poi-panel .navbar:has(.nav-leading:not(:empty)):has(.nav-trailing:not(:empty)){flex-wrap:wrap}.poi-panel .navbar:has(.nav-leading:not(:empty)):has(.nav-trailing:not(:empty)) .nav-trailing{margin-left:auto}.poi-panel .navbar:has(.nav-leading:not(:empty)):has(.nav-trailing:not(:empty)) h1{order:3;flex-basis:100%}
    .poi-card{padding:4px 12px 10px;display:flex;flex-direction:column;gap:6px;position:relative;flex:1;min-height:0}
    .card-body{flex:1;min-height:0;overflow-y:auto;display:flex;flex-direction:column;gap:3px;padding-right:2px}
    .card-head{display:flex;align-items:flex-start;gap:6px;flex:none}.card-title{flex:1;min-width:0;font-size:17px;font-weight:600;overflow-wrap:anywhere;display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}.card-sub{color:var(--sub);font-size:14px;overflow-wrap:anywhere}.card-summary{font-size:14px;overflow-wrap:anywhere}
    .card-buttons{flex:none;padding-top:0}.card-buttons .text-button{padding:8px 6px;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
    .card-close{flex:none;width:28px;height:28px;border-radius:14px;background:var(--row-hi) !important;color:var(--sub) !important;text-align:center !important;z-index:1;display:flex;align-items:center;justify-content:center;padding:0}
    .map-bar{position:absolute;left:8px;right:8px;top:8px;display:flex;gap:6px}
    .map-bar .bar{background:var(--panel) !important;box-shadow:0 1px 6px rgba(0,0,0,.3)}
    .map-bar .spacer{flex:1}
    .map-buttons{position:absolute;right:10px;top:50%;transform:translateY(-50%);display:flex;flex-direction:column;gap:8px}
    .map-button{width:44px;height:44px;border-radius:22px;background:var(--panel) !important;box-shadow:0 1px 6px rgba(0,0,0,.35);text-align:center !important;font-size:20px}
    .now-playing{flex:1;display:flex;gap:18px;padding:10px 20px;align-items:center;min-height:0}
    .artwork{width:38%;max-width:220px;aspect-ratio:1;border-radius:12px;background:linear-gradient(135deg,#5e5ce6,#bf5af2);display:flex;align-items:center;justify-content:center;font-size:64px;color:#fff;flex:none}
    .np-meta{flex:1;display:flex;flex-direction:column;gap:6px;min-width:0}
    .np-title{font-size:20px;font-weight:700;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}.np-artist{color:var(--sub)}
    .np-times{display:flex;justify-content:space-between;color:var(--sub);font-size:12px}
    .np-live{color:var(--danger);font-weight:700;font-size:12px}
    .transport{display:flex;gap:26px;justify-content:center;font-size:28px;padding:6px 0}
    .transport .play{font-size:34px}
    .now-playing.idle{flex-direction:column;justify-content:center}.now-playing.idle .empty{flex:none}
    .np-buttons{display:flex;gap:10px;justify-content:center}
    .np-button{min-width:38px;height:34px;border-radius:8px;background:var(--row-hi) !important;text-align:center !important}
    .np-button.selected{background:var(--accent) !important;color:#fff !important}
    .np-button.text{padding:0 10px;font-size:13px}
    .search{flex:1;display:flex;flex-direction:column;padding:0 10px;min-height:0}
    .search-field{background:var(--row-hi);border-radius:10px;padding:8px 12px;margin-bottom:8px;color:var(--sub)}
    .voice{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px}
    .voice-image{font-size:60px}.voice-title{font-size:22px;font-weight:600}
    .contact{flex:1;display:flex;flex-direction:column;align-items:center;gap:6px;padding:10px}
    .avatar{width:72px;height:72px;border-radius:36px;background:var(--row-hi);display:flex;align-items:center;justify-content:center;font-size:30px}
    .contact-name{font-size:20px;font-weight:600}
    .scrim{position:absolute;inset:0;background:rgba(0,0,0,.45);z-index:5}
    .video-player{position:absolute;inset:0;background:#000;color:#fff;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:8px;z-index:5}
    .car .vp-close{position:absolute;left:10px;top:10px;width:36px;height:36px;border-radius:18px;background:rgba(255,255,255,.18) !important;color:#fff !important;display:flex;align-items:center;justify-content:center;padding:0;text-align:center}
    .vp-frame{font-size:48px;opacity:.8}.vp-title{font-size:20px;font-weight:600;max-width:90%;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}.vp-sub{color:#aaa;font-size:13px}
    .vp-frame.vp-paused{display:flex;flex-direction:column;align-items:center;gap:2px;opacity:1}.vp-frame.vp-paused .glyph{font-size:64px}.vp-state{font-size:15px;font-weight:600;letter-spacing:.04em;text-transform:uppercase}
    .vp-clock{width:min(70%,420px)}.vp-clock .progress{background:rgba(255,255,255,.25)}.vp-clock .np-times{color:#ddd}
    .dh-playback{color:var(--sub);font-size:13px}
    .details-header{display:grid;grid-template-columns:auto minmax(0,1fr);grid-template-areas:"thumb text" "thumb buttons";column-gap:12px;row-gap:6px;align-items:start;padding:8px 2px 10px}
    .details-header>.thumb{grid-area:thumb;font-size:44px;line-height:1}.details-header>.dh-text{grid-area:text;min-width:0}
    .details-header>.dh-buttons{grid-area:buttons;display:flex;flex-wrap:wrap;gap:8px}
    .dh-title{font-size:20px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}.dh-sub{color:var(--sub);font-size:14px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
    .dh-body{font-size:14px;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
    .car.compact .details-header{padding:2px 2px 2px;row-gap:2px}.car.compact .dh-buttons .bar{padding-top:2px;padding-bottom:2px}.car.compact .details-header>.thumb{font-size:32px}.car.compact .dh-title{font-size:17px}.car.compact .dh-body{-webkit-line-clamp:1}.car.compact .details-header .dh-playback{display:none}
    .modal{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);min-width:min(300px,70%);max-width:70%;box-sizing:border-box;z-index:6;background:var(--panel);border-radius:14px;padding:16px;box-shadow:0 10px 40px rgba(0,0,0,.5);display:flex;flex-direction:column;gap:10px}
    .modal.sheet{top:auto;bottom:10px;transform:translateX(-50%)}
    .alert-title{font-size:17px;font-weight:600;text-align:center}.sheet-message{color:var(--sub);text-align:center}
    .alert-actions,.sheet-actions{display:flex;flex-direction:column;gap:8px}
    .glyph{font-family:"Wayside Icons";font-weight:normal;font-style:normal;font-size:1.25em;line-height:1;letter-spacing:normal;text-transform:none;display:inline-block;white-space:nowrap;word-wrap:normal;direction:ltr;vertical-align:-0.22em;font-feature-settings:"liga";-webkit-font-smoothing:antialiased;overflow:hidden}
    .back .glyph{margin-left:-4px}.transport .glyph{font-size:34px}.transport .play .glyph{font-size:44px}.artwork .glyph{font-size:72px}.rating .glyph{color:#ff9f0a;font-size:18px}
    .no-map{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;color:var(--sub)}
    .glyph.skip{position:relative;width:1em;height:1em;overflow:visible}.glyph.skip .skip-arrow{display:block}.glyph.skip.forward .skip-arrow{transform:scaleX(-1)}
    .glyph.skip .skip-seconds{position:absolute;left:0;right:0;top:52%;transform:translateY(-50%);text-align:center;font:700 .3em/1 "Wayside Inter",-apple-system,sans-serif}
    .poi-panel .row-text .text,.poi-panel .row-text .detail{white-space:normal;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow-wrap:anywhere}
    .poi-panel .row-text .text{font-size:15px;line-height:1.2}.poi-panel .pin-number{width:24px;height:24px;font-size:12px;border-radius:12px}.poi-panel .row{gap:8px;padding:5px 6px}
    .now-playing{gap:14px;padding:8px 14px 10px;align-items:center}
    .artwork{width:min(38%,calc(100% - 210px));max-width:220px;max-height:100%}
    .np-meta{gap:4px;justify-content:center}
    .np-title{font-size:18px;line-height:1.2}
    .car .np-artist{color:var(--sub) !important;font-size:14px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;padding:0;display:block;width:100%}
    .np-clock{display:flex;flex-direction:column;gap:2px}.np-clock .progress{margin-top:4px}
    .transport{gap:0;justify-content:space-around;padding:2px 0}.transport button{width:44px;height:40px;display:flex;align-items:center;justify-content:center;padding:0}
    .transport .glyph{font-size:30px}.transport .play .glyph{font-size:38px}
    .np-buttons{flex-wrap:wrap;gap:6px}
    .np-button{min-width:34px;height:32px;padding:0 6px;display:flex;align-items:center;justify-content:center}.np-button .glyph{font-size:20px}
    .up-next{display:flex;align-items:center;gap:2px}
    .car.portrait .now-playing{flex-direction:column;justify-content:center}.car.portrait .artwork{width:55%}.car.portrait .np-meta{width:100%;flex:none}
    .search-field{display:flex;align-items:center;gap:6px;color:var(--text);cursor:text}.search-field .placeholder{color:var(--sub)}
    .search-field .query{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;min-width:0}
    .search-field .caret{width:2px;height:1.1em;background:var(--accent);animation:blink 1s steps(1) infinite;flex:none}
    .search-field.limited{opacity:.6;cursor:not-allowed}
    @keyframes blink{50%{opacity:0}}
    .map-layer{cursor:grab;touch-action:none}.map-layer.dragging{cursor:grabbing}
    .pan-arrow{position:absolute;width:40px;height:40px;border-radius:20px;background:var(--panel) !important;box-shadow:0 1px 6px rgba(0,0,0,.35);display:flex;align-items:center;justify-content:center;padding:0;z-index:3}
    .pan-arrow .glyph{font-size:28px}
    .pan-arrow.up{left:calc(50% - 20px);top:52px}.pan-arrow.down{left:calc(50% - 20px);bottom:34px}
    .pan-arrow.left{left:10px;top:calc(50% - 20px)}.pan-arrow.right{right:64px;top:calc(50% - 20px)}
    .trip-card{position:absolute;left:8px;top:52px;bottom:30px;width:min(260px,45%);background:var(--panel);border-radius:12px;box-shadow:0 2px 10px rgba(0,0,0,.3);display:flex;flex-direction:column;padding:8px 10px;box-sizing:border-box;z-index:2}
    .trip-card .card-body{gap:6px}
    .trip-title{font-size:16px;font-weight:600;overflow-wrap:anywhere}
    .route-choice{display:flex;align-items:center;gap:8px;padding:6px 0;border-top:1px solid var(--sep)}
    .route-text{flex:1;min-width:0}.route-summary{font-size:14px;overflow-wrap:anywhere}.route-choice .detail{white-space:normal}
    .route-choice .go{flex:none;padding:8px 14px}
    .car.compact .navbar{height:36px}
    .car.compact .navbar h1,.car.portrait .navbar h1{font-size:15px;white-space:normal;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;line-height:1.15;overflow-wrap:anywhere}
    .car.compact .nav-leading,.car.compact .nav-trailing,.car.portrait .nav-leading,.car.portrait .nav-trailing{min-width:0}
    .car.compact .nav-leading:empty,.car.compact .nav-trailing:empty,.car.portrait .nav-leading:empty,.car.portrait .nav-trailing:empty{display:none}.car.compact .poi-panel .navbar{height:auto;min-height:36px;padding-top:2px;padding-bottom:2px}.car.compact .poi-panel .navbar h1{font-size:15px}.car.compact .tabs{height:28px;padding:4px 8px}.car.compact .tab{font-size:12px;gap:3px;padding:0 2px}.car.compact .tab .glyph{font-size:17px}
    .car.compact .row{min-height:40px;padding:4px 8px}.car.compact .row-text .text{font-size:15px}
    .car.portrait .map-bar{left:6px;right:6px;gap:4px}.car.portrait .map-bar .bar{font-size:13px;padding:6px 6px}
    .car.portrait .list{padding:0 6px 6px}.car.portrait .row{gap:8px;padding:6px 8px}.car.portrait .row-text .text{white-space:normal;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow-wrap:anywhere;line-height:1.2}
    .car.compact .information{padding:0 10px 5px}.car.compact .info-item{padding:2px 8px;display:flex;gap:8px;align-items:baseline}
    .car.compact .info-item dt{flex:0 0 36%;font-size:11px;line-height:1.2}.car.compact .info-item dd{flex:1;min-width:0;font-size:13px;line-height:1.2;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
    .car.compact .information.twoColumn dl{grid-template-columns:1fr}
    .car.compact .actions{padding-top:4px;gap:6px}.car.compact .actions .text-button{padding:6px 6px;font-size:14px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;min-width:0}
    .car.compact .now-playing{padding:4px 12px 6px;gap:12px}.car.compact .np-title{font-size:16px}.car.compact .np-artist{font-size:13px}
    .car.compact .transport button{height:34px}.car.compact .np-button{height:28px}
    .car.compact .empty-title{font-size:17px}.car.compact .empty{padding:10px;gap:4px}
    .poi-panel.no-points .navbar h1{display:block;-webkit-line-clamp:none;overflow:visible;text-overflow:clip;overflow-wrap:anywhere}
    .car.compact .poi-panel .navbar h1{font-size:14px;line-height:1.15}.car.compact .poi-panel .row{min-height:0;padding:3px 6px;gap:6px}
    .car.compact .poi-panel .row-text .text{font-size:13px;line-height:1.15;-webkit-line-clamp:1}.car.compact .poi-panel .row-text .detail{font-size:11px;line-height:1.2;-webkit-line-clamp:1}
    .car.compact .poi-panel .pin-number{width:20px;height:20px;font-size:11px;border-radius:10px}
    .car.compact .dock{gap:6px;padding:6px 0}.car.compact .dock-app{width:30px;height:30px}.car.compact .dock-apps{gap:6px}.car.compact .dock .home{width:34px;height:34px}
    .car.compact .home-grid{gap:4px 2px;padding:6px;grid-template-columns:repeat(auto-fill,minmax(72px,1fr))}.car.compact .home-app{width:72px;gap:3px;padding:2px}.car.compact .home-app .app-icon{width:44px;height:44px}.car.compact .home-app .app-icon.plain{font-size:26px}.car.compact .app-name{font-size:11px;max-width:70px}.car.compact .handoff-title{font-size:17px}
    .car.compact .poi-card{padding:4px 10px 8px}.car.compact .card-title{font-size:15px;-webkit-line-clamp:2}
    .car.compact .trip-card{top:44px}
    """

  /// The stylesheet with its fonts embedded as `data:` URLs (the bundled Inter and Material
  /// Icons), so a saved file draws its text and symbols the same anywhere, with no server.
  ///
  /// A font the bundle cannot give keeps its `/assets/fonts/…` URL; ``missingEmbeddedFonts``
  /// names it.
  public static let selfContainedCSS: String = {
    var result = css
    for (name, type) in embeddedFonts {
      guard let data = fontData(name) else { continue }
      result = result.replacingOccurrences(
        of: "url(/assets/fonts/\(name))",
        with: "url(data:\(type);base64,\(data.base64EncodedString()))")
    }
    return result
  }()

  /// The font files the stylesheet names, with their media types.
  static let embeddedFonts = [
    ("Inter-Regular.otf", "font/otf"), ("Inter-SemiBold.otf", "font/otf"),
    ("Inter-Bold.otf", "font/otf"), ("MaterialIcons-Regular.woff2", "font/woff2"),
  ]

  /// The bundled fonts that could not be read (empty when every font is embedded).
  public static var missingEmbeddedFonts: [String] {
    embeddedFonts.map(\.0).filter { fontData($0) == nil }
  }

  static func fontData(_ name: String) -> Data? {
    try? Data(
      contentsOf: BundledData.resourcesDirectory.appendingPathComponent("fonts")
        .appendingPathComponent(name))
  }

  /// A standalone HTML document around a rendered fragment, for `wayside render` and golden
  /// files, with its fonts embedded (``selfContainedCSS``).
  public static func document(title: String, body: String, background: String = "#3a3a3c") -> String
  {
    """
    <!DOCTYPE html>
    <html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><meta charset="utf-8"/><title>\(Markup.escape(title))</title>
    <style>body{margin:0;padding:24px;background:\(background);display:flex;justify-content:center}\(selfContainedCSS)</style>
    </head><body>
    \(body)
    </body></html>

    """
  }
}
