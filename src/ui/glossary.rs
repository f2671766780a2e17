//! Words you need (see [`crate::vm::glossary`]): a term's button, where it
//! first appears in the widget's text, opens and closes its definition
//! right after it. A native button, so Enter, Space and a tap all work.

use super::state::Lab;

/// Binds the glossary's term buttons under `root`.
pub fn bind(_lab: Lab, root: &web_sys::Element) {
    let target: &web_sys::EventTarget = root.as_ref();
    let root = root.clone();
    super::dom::listen(target, "click", move |ev| {
        let Some(button) = super::dom::closest(&ev, ".rll-term") else {
            return;
        };
        let open = button.get_attribute("aria-expanded").as_deref() != Some("true");
        super::dom::attr(
            &button,
            "aria-expanded",
            if open { "true" } else { "false" },
        );
        if let Some(def) = button
            .get_attribute("aria-controls")
            .and_then(|id| super::dom::find(&root, &format!("#{id}")))
        {
            super::dom::hide(&def, !open);
        }
    });
}
