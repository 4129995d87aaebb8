import { createRoot } from "react-dom/client";
import { BannerApp, createBannerChannel } from "./banner/banner-app.tsx";
import "./frame-page.css";
import "./banner/banner.css";

/** The banner frame app, served at `/banner` of the messenger origin. */
const container = document.getElementById("root");
if (container) createRoot(container).render(<BannerApp channel={createBannerChannel()} />);
