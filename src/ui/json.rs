//! serde in the browser, small: the browser's `JSON.parse` reads the text,
//! and this minimal serde `Deserializer` walks the JavaScript value it
//! gives (strings, true/false, null, arrays, objects) into the content
//! file's types. Every key of an object is visited, so the types'
//! `deny_unknown_fields` refuses a misspelt field, as natively.

use serde::de::value::{MapDeserializer, SeqDeserializer};
use serde::de::{self, IntoDeserializer, Visitor};
use wasm_bindgen::{JsCast, JsValue};

/// Why a value could not be read.
#[derive(Debug)]
pub struct Error(String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Error(msg.to_string())
    }

    // Said without showing the value read (which for a number would pull
    // float formatting into the wasm).
    fn invalid_type(_: de::Unexpected, exp: &dyn de::Expected) -> Self {
        Error(format!(
            "a value of the wrong kind where {exp} was expected"
        ))
    }

    fn invalid_value(_: de::Unexpected, exp: &dyn de::Expected) -> Self {
        Error(format!("a wrong value where {exp} was expected"))
    }
}

/// One JavaScript value, read by serde.
pub struct Node(pub JsValue);

impl<'de> IntoDeserializer<'de, Error> for Node {
    type Deserializer = Node;
    fn into_deserializer(self) -> Node {
        self
    }
}

impl<'de> de::Deserializer<'de> for Node {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let x = self.0;
        if let Some(s) = x.as_string() {
            return v.visit_string(s);
        }
        if let Some(b) = x.as_bool() {
            return v.visit_bool(b);
        }
        if x.is_null() || x.is_undefined() {
            return v.visit_unit();
        }
        if js_sys::Array::is_array(&x) {
            let items: js_sys::Array = x.unchecked_into();
            return v.visit_seq(SeqDeserializer::new(items.iter().map(Node)));
        }
        if x.is_object() {
            let entries = js_sys::Object::entries(x.unchecked_ref());
            return v.visit_map(MapDeserializer::new(entries.iter().map(|e| {
                let pair: js_sys::Array = e.unchecked_into();
                (
                    pair.get(0).as_string().unwrap_or_default(),
                    Node(pair.get(1)),
                )
            })));
        }
        Err(Error(
            "a number where text, true or false was expected".into(),
        ))
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

/// Reads `text` as JSON (the browser's parser) into `T` (serde).
pub fn from_str<T: de::DeserializeOwned>(text: &str) -> Result<T, String> {
    let value = js_sys::JSON::parse(text).map_err(|e| {
        js_sys::Reflect::get(&e, &"message".into())
            .ok()
            .and_then(|m| m.as_string())
            .unwrap_or_else(|| "it is not valid JSON".into())
    })?;
    T::deserialize(Node(value)).map_err(|e| e.0)
}
