<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="roads-square" tilewidth="32" tileheight="32" tilecount="256" columns="16">
 <image source="roads-square.png" width="512" height="512"/>
 <tile id="0" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="1" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="2" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="3" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="4" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="5" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="6" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="7" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="8" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="9" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="10" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="11" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="12" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="13" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="14" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="15" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="16" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="17" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="18" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="19" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="20" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="21" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="22" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="23" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="24" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="25" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="26" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="27" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="28" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="29" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="30" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="31" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="32" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="33" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="34" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="35" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="36" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="37" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="38" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="39" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="40" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="41" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="42" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="43" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="44" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="45" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="46" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="47" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="48" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="49" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="50" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="51" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="52" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="53" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="54" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="55" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="56" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="57" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="58" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="59" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="60" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="61" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="62" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="63" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="64" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="65" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="66" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="67" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="68" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="69" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="70" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="71" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="72" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="73" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="74" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="75" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="76" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="77" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="78" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="79" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="80" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="81" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="82" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="83" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="84" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="85" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="86" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="87" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="88" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="89" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="90" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="91" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="92" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="93" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="94" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="95" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="96" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="97" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="98" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="99" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="100" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="101" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="102" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="103" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="104" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="105" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="106" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="107" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="108" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="109" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="110" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="111" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="112" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="113" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="114" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="115" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="116" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="117" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="118" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="119" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="120" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="121" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="122" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="123" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="124" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="125" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="126" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="127" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="128" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="129" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="130" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="131" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="132" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="133" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="134" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="135" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="136" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="137" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="138" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="139" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="140" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="141" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="142" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="143" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="144" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="145" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="146" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="147" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="148" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="149" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="150" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="151" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="152" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="153" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="154" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="155" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="156" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="157" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="158" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="159" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="160" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="161" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="162" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="163" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="164" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="165" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="166" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="167" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="168" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="169" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="170" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="171" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="172" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="173" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="174" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="175" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="176" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="177" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="178" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="179" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="180" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="181" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="182" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="183" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="184" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="185" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="186" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="187" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="188" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="189" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="190" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="191" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="192" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="193" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="194" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="195" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="196" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="197" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="198" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="199" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="200" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="201" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="202" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="203" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="204" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="205" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="206" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="207" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="208" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="209" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="210" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="211" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="212" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="213" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="214" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="215" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="216" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="217" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="218" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="219" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="220" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="221" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="222" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="223" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="224" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="225" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="226" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="227" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="228" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="229" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="230" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="231" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="232" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="233" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="234" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="235" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="236" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="237" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="238" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="239" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="240" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="241" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="242" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="243" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="244" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="245" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="246" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="247" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="248" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="249" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="250" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="251" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="252" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="253" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="254" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="255" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <wangsets>
  <wangset name="Roads" type="edge" tile="5">
   <wangcolor name="Road" color="#96602c" tile="-1" probability="1"/>
   <wangtile tileid="0" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="1" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="4" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="5" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="16" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="17" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="20" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="21" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="64" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="65" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="68" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="69" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="80" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="81" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="84" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="85" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
 </wangsets>
</tileset>
