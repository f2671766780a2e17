//! serde in the browser, small: the browser's `JSON.parse` reads the text,
//! and this minimal serde `Deserializer` walks the JavaScript value it
//! gives (strings, true/false, null, arrays, objects) into the content
//! file's types. Every key of an object is visited, so the types'
//! `deny_unknown_fields` refuses a misspelt field, as natively. Each value
//! knows its path in the file (`quiz[1].options[2].correct`), and an error
//! starts with the path of the value it is about, which
//! [`crate::vm::content::read`] then finds in the text for its line and
//! column. A value holds only the step to it, entered while it is read;
//! the path is written only when an error is made.

use serde::de::value::{MapDeserializer, SeqDeserializer};
use serde::de::{self, IntoDeserializer, Visitor};
use wasm_bindgen::{JsCast, JsValue};

/// Why a value could not be read: the path of the value it is about (as
/// read when the error was made) and what is wrong, `path: what`.
#[derive(Debug)]
pub struct Error(String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// The step from a value's parent to it: a key of an object, an index of a
/// list, or none (the file itself).
pub enum Step {
    Root,
    Key(String),
    Index(usize),
}

thread_local! {
    /// The steps to the value being read. A value enters its step while
    /// it is read, so an error, when made, knows where it is: the generic
    /// code (a copy per type read) only enters and leaves.
    static AT: std::cell::RefCell<Vec<Step>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn enter(step: Step) {
    AT.with_borrow_mut(|a| a.push(step));
}

fn leave() {
    AT.with_borrow_mut(|a| {
        a.pop();
    });
}

/// An error about the value being read (or, given `field`, about that
/// field of it): `path: what`, or `what` at the file itself.
fn here(field: Option<&str>, what: &str) -> Error {
    let mut path = String::new();
    AT.with_borrow(|a| {
        for step in a {
            match step {
                Step::Root => {}
                Step::Key(k) => crate::vm::content::push_key(&mut path, k),
                Step::Index(i) => {
                    path.push('[');
                    path.push_str(&i.to_string());
                    path.push(']');
                }
            }
        }
    });
    if let Some(f) = field {
        crate::vm::content::push_key(&mut path, f);
    }
    if !path.is_empty() {
        path.push_str(": ");
    }
    path.push_str(what);
    Error(path)
}

impl de::Error for Error {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        here(None, &msg.to_string())
    }

    // The field is where the error is: its path, one step in.
    fn unknown_field(field: &str, _: &'static [&'static str]) -> Self {
        here(Some(field), "a field the widget does not have")
    }

    fn missing_field(field: &'static str) -> Self {
        here(None, &format!("the field “{field}” is missing"))
    }

    // Said without showing the value read (which for a number would pull
    // float formatting into the wasm).
    fn invalid_type(_: de::Unexpected, exp: &dyn de::Expected) -> Self {
        here(
            None,
            &format!("a value of the wrong kind where {exp} was expected"),
        )
    }

    fn invalid_value(_: de::Unexpected, exp: &dyn de::Expected) -> Self {
        here(None, &format!("a wrong value where {exp} was expected"))
    }
}

/// One JavaScript value, read by serde, and the step to it.
pub struct Node(pub JsValue, pub Step);

impl<'de> IntoDeserializer<'de, Error> for Node {
    type Deserializer = Node;
    fn into_deserializer(self) -> Node {
        self
    }
}

impl<'de> de::Deserializer<'de> for Node {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let Node(x, step) = self;
        enter(step);
        let read = if let Some(s) = x.as_string() {
            v.visit_string(s)
        } else if let Some(b) = x.as_bool() {
            v.visit_bool(b)
        } else if x.is_null() || x.is_undefined() {
            v.visit_unit()
        } else if js_sys::Array::is_array(&x) {
            let items: js_sys::Array = x.unchecked_into();
            let item = |(i, x)| Node(x, Step::Index(i));
            v.visit_seq(SeqDeserializer::new(items.iter().enumerate().map(item)))
        } else if x.is_object() {
            let entries = js_sys::Object::entries(x.unchecked_ref());
            v.visit_map(MapDeserializer::new(entries.iter().map(field)))
        } else {
            Err(here(
                None,
                "a number where text, true or false was expected",
            ))
        };
        leave();
        read
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        if self.0.is_null() || self.0.is_undefined() {
            v.visit_none()
        } else {
            v.visit_some(self)
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

/// One field of an object: its key, and its value with the step to it.
fn field(e: JsValue) -> (String, Node) {
    let pair: js_sys::Array = e.unchecked_into();
    let key = pair.get(0).as_string().unwrap_or_default();
    (key.clone(), Node(pair.get(1), Step::Key(key)))
}

/// Reads `text` as JSON (the browser's parser) into `T` (serde).
pub fn from_str<T: de::DeserializeOwned>(text: &str) -> Result<T, String> {
    let value = js_sys::JSON::parse(text).map_err(|e| {
        js_sys::Reflect::get(&e, &"message".into())
            .ok()
            .and_then(|m| m.as_string())
            .unwrap_or_else(|| "it is not valid JSON".into())
    })?;
    AT.with_borrow_mut(Vec::clear);
    T::deserialize(Node(value, Step::Root)).map_err(|e| e.0)
}
